# syntax=docker/dockerfile:1
# A brand site's or the console's image: the repository pruned to the app (`turbo prune --docker`),
# built and bundled by `pnpm deploy:bundle --only=<app>` (scripts/bundle.mjs: Next's standalone
# output plus its static files), then the bundle alone on Node.
#   docker build -f deploy/docker/site.Dockerfile --build-arg APP=storyloom \
#     --build-arg NEXT_PUBLIC_API_URL=https://api.storyloom.example -t storyloom-site .
# APP: storyloom, playshot or admin. NEXT_PUBLIC_API_URL (and API_INTERNAL_URL, PARENT_ORIGINS,
# NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, NEXT_PUBLIC_SITE_URL) are inlined at build: one image per
# deployment. Not built in CI here (README "Deploying").
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS prune
ARG APP=storyloom
WORKDIR /repo
COPY . .
RUN case "$APP" in \
      storyloom) pkg=@storyloom/app-product ;; \
      playshot) pkg=@storyloom/app-playshot ;; \
      admin) pkg=@storyloom/app-admin ;; \
      *) echo "APP must be storyloom, playshot or admin, not '$APP'" >&2; exit 1 ;; \
    esac \
 && npx --yes turbo@2.11.11 prune "$pkg" --docker --out-dir /pruned

FROM ${NODE_IMAGE} AS build
ARG APP=storyloom
ARG NEXT_PUBLIC_API_URL
ARG API_INTERNAL_URL
ARG PARENT_ORIGINS
ARG NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY
ARG NEXT_PUBLIC_SITE_URL
ENV NEXT_TELEMETRY_DISABLED=1
WORKDIR /repo
COPY --from=prune /pruned/json/ ./
RUN npx --yes pnpm@10.34.9 install --frozen-lockfile
COPY --from=prune /pruned/full/ ./
COPY scripts/ ./scripts/
# Again, offline: pnpm links a workspace package's bin (storyloom-compile-hints) only when its file
# exists, which it did not in the dependency layer.
RUN npx --yes pnpm@10.34.9 install --frozen-lockfile --offline
RUN test -n "$NEXT_PUBLIC_API_URL" || { echo "--build-arg NEXT_PUBLIC_API_URL=<the API's public address> is required: the site inlines it at build" >&2; exit 1; }
RUN node scripts/bundle.mjs --only="$APP" --out=/bundle && mv "/bundle/$APP" /site

FROM ${NODE_IMAGE}
WORKDIR /app
# HOSTNAME: Next's standalone server listens on it, and Docker sets it to the container's id.
ENV NODE_ENV=production HOSTNAME=0.0.0.0 PORT=3000 NEXT_TELEMETRY_DISABLED=1
COPY --from=build --chown=node:node /site ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/_next/static/healthcheck`).then((r) => process.exit(r.status < 500 ? 0 : 1), () => process.exit(1))"]
# server.mjs (written by scripts/bundle.mjs) starts the app's standalone server.js.
CMD ["node", "server.mjs"]
