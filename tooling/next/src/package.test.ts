// The built package, as the apps use it: Node loads `@storyloom/next-config` (dist/), Next loads the
// cache handler by the path the config names, and each app's build runs the bin. `turbo run test`
// builds the package first (turbo.json).
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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
