import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { leasePort } from "./ports";

/** The repository's nginx settings (deploy/nginx): api.conf is shared by production and the tests. */
export const DEPLOY_NGINX_DIR = fileURLToPath(new URL("../../../../deploy/nginx/", import.meta.url));

/** The environment variable with the ports the test nginx may listen on (e.g. `8640-8649`; unset: any free one). */
export const NGINX_PORTS_ENV = "API_TEST_NGINX_PORTS";

/** A running nginx in front of some API instances. */
export interface Nginx {
  url: string;
  /** the rendered configuration (deploy/nginx/test.conf.template filled in) */
  confPath: string;
  /** the access log's lines so far: `<client> "<request>" <status> upstream=<instance>` */
  accessLog(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The nginx executable: NGINX_BIN, else `nginx` on PATH, else Debian's /usr/sbin/nginx (not on a
 * normal user's PATH). Throws, saying how to get one, when there is none: the scale-out suites run
 * behind nginx and never fall back to anything else.
 */
export function nginxBinary(): string {
  const candidates = process.env.NGINX_BIN
    ? [process.env.NGINX_BIN]
    : [...(process.env.PATH ?? "").split(delimiter).filter(Boolean).map((d) => join(d, "nginx")), "/usr/sbin/nginx", "/usr/local/sbin/nginx"];
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not this one
    }
  }
  throw new Error(
    process.env.NGINX_BIN
      ? `NGINX_BIN=${process.env.NGINX_BIN} is not an executable`
      : "nginx is not installed: the scale-out suites run the API instances behind nginx (deploy/nginx). Install it (Debian: apt-get install -y nginx; .ci/run does) or point NGINX_BIN at one",
  );
}

/** Fills the {{NAME}} fields of a template; a field without a value fails, naming it. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  const missing = new Set<string>();
  const out = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => values[name] ?? (missing.add(name), ""));
  if (missing.size > 0) throw new Error(`nginx template: no value for ${[...missing].join(", ")}`);
  return out;
}

/** host:port of each upstream URL, as nginx's `server` lines take them. */
function serverLines(upstreams: string[]): string {
  return upstreams.map((u) => `        server ${new URL(u).host} max_fails=3 fail_timeout=10s;`).join("\n");
}

/**
 * Starts nginx with deploy/nginx/test.conf.template in front of `upstreams` (round robin, as in
 * production) on a loopback port from {@link NGINX_PORTS_ENV}, as a child of this process with its
 * pid, logs and temp files in a temp dir. Resolves once it listens (its pid file is written after
 * its sockets are bound); fails with nginx's own error output if it exits first.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  if (upstreams.length === 0) throw new Error("nginx: no upstreams");
  const bin = nginxBinary();
  const lease = await leasePort(NGINX_PORTS_ENV);
  const prefix = await mkdtemp(join(tmpdir(), "storyloom-nginx-"));
  // Readable by nginx's workers, which run as another user when the tests run as root.
  await chmod(prefix, 0o755);
  const confPath = join(prefix, "nginx.conf");
  const pidPath = join(prefix, "nginx.pid");
  const cleanup = async () => {
    lease.release();
    await rm(prefix, { recursive: true, force: true });
  };
  let child: ChildProcess | undefined;
  try {
    const template = await readFile(join(DEPLOY_NGINX_DIR, "test.conf.template"), "utf8");
    await writeFile(confPath, renderTemplate(template, { PREFIX: prefix, PORT: String(lease.port), DEPLOY_DIR: DEPLOY_NGINX_DIR.replace(/\/$/, ""), UPSTREAM_SERVERS: serverLines(upstreams) }));
    child = spawn(bin, ["-c", confPath, "-p", `${prefix}/`, "-e", join(prefix, "error.log")], { stdio: ["ignore", "ignore", "pipe"] });
    await ready(child, pidPath, prefix);
  } catch (err) {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    await cleanup();
    throw err;
  }
  const running = child;
  // A test process that ends without stopping it (a crash, a timeout) takes nginx with it.
  const killOnExit = () => running.kill("SIGKILL");
  process.once("exit", killOnExit);
  let stopping: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${lease.port}`,
    confPath,
    accessLog: async () => (await readFile(join(prefix, "access.log"), "utf8")).split("\n").filter(Boolean),
    stop: () =>
      (stopping ??= (async () => {
        process.removeListener("exit", killOnExit);
        if (running.exitCode === null && running.signalCode === null) {
          const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
          // SIGTERM: nginx's fast shutdown (open connections are closed, not waited for).
          running.kill("SIGTERM");
          const force = setTimeout(() => running.kill("SIGKILL"), 5000);
          await exited;
          clearTimeout(force);
        }
        await cleanup();
      })()),
  };
}

/** Waits until nginx has written its pid file (sockets bound, configuration accepted) or has exited. */
function ready(child: ChildProcess, pidPath: string, prefix: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(timer);
      child.removeListener("exit", onExit);
      if (err) reject(err);
      else resolve();
    };
    const onExit = (code: number | null) => {
      void readFile(join(prefix, "error.log"), "utf8")
        .catch(() => "")
        .then((log) => finish(new Error(`nginx exited (${code}) before it was ready:\n${(stderr + log).trim()}`)));
    };
    child.once("exit", onExit);
    child.once("error", (err) => finish(err));
    const poll = setInterval(() => {
      void readFile(pidPath, "utf8").then(
        (text) => {
          if (Number(text.trim()) === child.pid) finish();
        },
        () => undefined,
      );
    }, 20);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(new Error(`nginx did not start within 15 s:\n${stderr.trim()}`));
    }, 15_000);
  });
}
