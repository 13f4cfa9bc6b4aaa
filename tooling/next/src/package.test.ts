// The built package, as the apps use it: Node loads `@storyloom/next-config` (dist/), Next loads the
// cache handler by the path the config names, and each app's build runs the bin. `turbo run test`
// builds the package first (turbo.json).
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  peerDependencies: Record<string, string>;
  bin: Record<string, string>;
};

/** Runs an ES module script with Node in the package's folder, as an app's next.config.ts would load it. */
function node(script: string): string {
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NEXT_DIST_DIR: "" },
  });
}

describe("the built package", () => {
  let dir = "";
  beforeAll(() => {
    if (!existsSync(join(root, "dist", "cli.js")))
      throw new Error("dist/ is not built: run `turbo run test` (it builds first) or `pnpm build`");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("names a built cache handler with Next's public interface, standing on no Next internal", () => {
    const out = node(`
      import { brandNextConfig } from "@storyloom/next-config";
      const { cacheHandler } = brandNextConfig("storyloom");
      const { default: RouteCache } = await import(cacheHandler);
      const methods = ["get", "set", "revalidateTag", "resetRequestCache"].filter((m) => typeof RouteCache.prototype[m] === "function");
      console.log(JSON.stringify({ cacheHandler, methods, base: Object.getPrototypeOf(RouteCache.prototype) === Object.prototype }));
    `);
    expect(JSON.parse(out)).toEqual({
      cacheHandler: join(root, "dist", "cache-handler.js"),
      methods: ["get", "set", "revalidateTag", "resetRequestCache"],
      base: true,
    });
    expect(readFileSync(join(root, "dist", "cache-handler.js"), "utf8")).not.toMatch(/next\/dist/);
  });

  it("pins the `next` peer to exactly the installed version (the cache handler reads its build output's layout)", () => {
    const installed = (createRequire(import.meta.url)("next/package.json") as { version: string }).version;
    expect(pkg.peerDependencies.next).toBe(installed);
  });

  it("runs `storyloom-compile-hints` through the committed bin shim in an app's folder", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-bin-"));
    const chunks = join(dir, ".next", "static", "chunks");
    mkdirSync(chunks, { recursive: true });
    writeFileSync(join(chunks, "a.js"), "a()");
    writeFileSync(join(chunks, "b.js"), "b()");
    // Next's build manifest: a.js is loaded up front, b.js (not named) only later.
    writeFileSync(join(dir, ".next", "build-manifest.json"), JSON.stringify({ rootMainFiles: ["static/chunks/a.js"] }));
    const bin = join(root, pkg.bin["storyloom-compile-hints"]!);
    const out = execFileSync(process.execPath, [bin], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NEXT_DIST_DIR: "" },
    });
    expect(out).toBe(`storyloom-compile-hints: marked 1 of 2 scripts (those pages load up front) in ${chunks}\n`);
    expect(readFileSync(join(chunks, "a.js"), "utf8")).toBe("//# allFunctionsCalledOnLoad\na()");
    expect(readFileSync(join(chunks, "b.js"), "utf8")).toBe("b()");
  });

  it("says so, and fails, when the bin runs before the package is built", () => {
    dir = mkdtempSync(join(tmpdir(), "compile-hints-unbuilt-"));
    mkdirSync(join(dir, "bin"));
    copyFileSync(join(root, pkg.bin["storyloom-compile-hints"]!), join(dir, "bin", "shim.js"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    let error: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [join(dir, "bin", "shim.js")], {
        cwd: dir,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (e) {
      error = e as typeof error;
    }
    expect(error.status).toBe(1);
    expect(error.stderr).toContain(`${join(dir, "dist", "cli.js")} is not built`);
  });
});

// The standalone output (`output: "standalone"`, what `pnpm deploy:bundle` ships): a small app on
// this config is built, its standalone folder copied out of the repository and started there with
// `node` — with the repository hidden, where this machine allows it (root and `unshare`). A page
// rendered on its first request is stored by the cache handler in the copy's own build folder,
// which only works if the handler was traced into the copy and is named relative to it.
describe("the standalone output", () => {
  const repo = join(root, "..", "..");
  const app = join(root, ".cache", "standalone-fixture");
  const dirs: string[] = [];
  let server: ChildProcess | undefined;
  afterEach(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((r) => server!.once("exit", r));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("runs from a copy outside the repository, its cache handler traced and named relative to the build", async () => {
    rmSync(app, { recursive: true, force: true });
    mkdirSync(join(app, "app", "[slug]"), { recursive: true });
    dirs.push(app);
    // The brand config as the apps get it, minus the workspace packages this app does not import.
    writeFileSync(
      join(app, "next.config.mjs"),
      `import { brandNextConfig } from "../../dist/next-config.js";\nexport default { ...brandNextConfig("storyloom"), transpilePackages: [] };\n`,
    );
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "standalone-fixture", private: true, type: "module" }));
    writeFileSync(join(app, "app", "layout.jsx"), `export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n`);
    writeFileSync(
      join(app, "app", "[slug]", "page.jsx"),
      `export const dynamicParams = true;\nexport async function generateStaticParams() { return [{ slug: "built" }]; }\nexport default async function Page({ params }) { const { slug } = await params; return <p>page {slug}</p>; }\n`,
    );
    execFileSync(join(root, "node_modules", ".bin", "next"), ["build"], {
      cwd: app,
      stdio: "pipe",
      env: { ...process.env, NEXT_DIST_DIR: "", NEXT_TELEMETRY_DISABLED: "1" },
    });

    // Laid out from the monorepo's root (outputFileTracingRoot), the handler among the traced files.
    const inTree = relative(repo, app);
    const standalone = join(app, ".next", "standalone");
    const config = JSON.parse(readFileSync(join(standalone, inTree, ".next", "required-server-files.json"), "utf8")).config as { cacheHandler: string };
    expect(config.cacheHandler).toBe("../../../dist/cache-handler.js");
    expect(isAbsolute(config.cacheHandler)).toBe(false);

    const copy = mkdtempSync(join(tmpdir(), "standalone-copy-"));
    dirs.push(copy);
    cpSync(standalone, copy, { recursive: true, verbatimSymlinks: true });
    cpSync(join(app, ".next", "static"), join(copy, inTree, ".next", "static"), { recursive: true });
    expect(existsSync(join(copy, inTree, ".next", config.cacheHandler))).toBe(true);

    const port = await freePort();
    const hide = process.getuid?.() === 0 && spawnSync("unshare", ["--mount", "--propagation", "private", "true"]).status === 0;
    const [cmd, args] = hide
      ? ["unshare", ["--mount", "--propagation", "private", "sh", "-c", 'mount -t tmpfs tmpfs "$0" && exec "$@"', repo, process.execPath, "server.js"]]
      : [process.execPath, ["server.js"]];
    server = spawn(cmd, args, {
      cwd: join(copy, inTree),
      detached: true,
      stdio: "ignore",
      env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: String(port), HOSTNAME: "127.0.0.1" },
    });
    const page = await fetchWhenUp(`http://127.0.0.1:${port}/first-visit`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("page <!-- -->first-visit");
    // Stored in the copy's build folder, by the copy's handler: nothing in the repo's.
    const cache = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0);
    expect(cache(join(copy, inTree, ".next", "server", "storyloom-cache"))).toBeGreaterThan(0);
    expect(cache(join(app, ".next", "server", "storyloom-cache"))).toBe(cache(join(standalone, inTree, ".next", "server", "storyloom-cache")));
  }, 600_000);
});

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Fetches `url` once the server listens (it is started just before). */
async function fetchWhenUp(url: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url);
    } catch (err) {
      if (attempt > 300) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
