# syntax=docker/dockerfile:1
# The API's image: the repository pruned to the API and what it imports (`turbo prune --docker`),
# installed and bundled by `pnpm deploy:bundle --only=api` (scripts/bundle.mjs), then the bundle
# alone on Node: dist/ (migrations and seeded stories in dist/db/) and its production node_modules.
# Build from the repository's root:  docker build -f deploy/docker/api.Dockerfile -t storyloom-api .
# Not built in CI here (README "Deploying"): CI runs the same bundle with node (scripts/bundle-smoke.mjs).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS prune
WORKDIR /repo
COPY . .
RUN npx --yes turbo@2.11.11 prune @storyloom/api --docker --out-dir /pruned

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
# The dependency layer first: it is rebuilt only when a package.json or the lockfile changes.
COPY --from=prune /pruned/json/ ./
RUN npx --yes pnpm@10.34.9 install --frozen-lockfile
COPY --from=prune /pruned/full/ ./
COPY scripts/ ./scripts/
RUN node scripts/bundle.mjs --only=api --out=/bundle

FROM ${NODE_IMAGE}
WORKDIR /app
# Production settings are checked at start (apps/api/src/config.ts): DATABASE_URL, TOKEN_SECRET,
# SMTP_URL, PUBLIC_API_URL, CORS_ORIGINS and the payment keys (or PAYMENTS_SANDBOX) come from the
# environment the container runs in; README "Configuration" lists them.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
COPY --from=build --chown=node:node /bundle/api ./
USER node
EXPOSE 4000
# Liveness (/healthz): the process answers. Not /readyz (database reachable, migrations applied, not
# draining), which is for a load balancer or orchestrator deciding where to send requests: an
# unhealthy container may be replaced (Swarm does), and a database outage or a drain must not get
# every instance replaced.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
