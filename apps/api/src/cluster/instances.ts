import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Config } from "../config";
import { leasePort, type PortLease } from "./ports";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

/** The environment variable with the ports the instances may listen on (e.g. `4640-4649`; unset: any free one). */
export const INSTANCE_PORTS_ENV = "API_TEST_INSTANCE_PORTS";

/** API processes started by {@link startApiInstances}. */
export interface ApiInstances {
  urls: string[];
  stop(): Promise<void>;
}

/** A configuration as the environment variables a separate API process reads it from. */
export function configToEnv(config: Partial<Config>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    env[key] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return env;
}

function startOne(env: Record<string, string>, index: number): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    // Separate processes, like separate machines: they share nothing but the database.
    const child = fork(MAIN, [], {
      execArgv: ["--import", "tsx"],
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, API_READY_IPC: "1" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`API instance ${index} did not start within 60 s`));
    }, 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`API instance ${index} exited (${code}) before it was ready`));
    });
    child.on("message", (m: { type?: string; url?: string }) => {
      if (m?.type !== "ready" || !m.url) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve({ child, url: m.url });
    });
  });
}

/**
 * Starts `n` API processes (src/main.ts) with the given settings, each on its own free port (from
 * {@link INSTANCE_PORTS_ENV} when set), and resolves with their addresses once every one answers.
 * With DATABASE_URL they share one database.
 */
export async function startApiInstances(n: number, config: Partial<Config>): Promise<ApiInstances> {
  const env = configToEnv({ HOST: "127.0.0.1", PORT: 0, ...config });
  const leases: PortLease[] = [];
  if (process.env[INSTANCE_PORTS_ENV]) for (let i = 0; i < n; i++) leases.push(await leasePort(INSTANCE_PORTS_ENV));
  const started = await Promise.allSettled(Array.from({ length: n }, (_, i) => startOne(leases[i] ? { ...env, PORT: String(leases[i].port) } : env, i)));
  const children = started.flatMap((s) => (s.status === "fulfilled" ? [s.value.child] : []));
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once("exit", () => resolve());
            c.kill("SIGTERM");
            setTimeout(() => c.kill("SIGKILL"), 10_000).unref();
          }),
      ),
    );
    for (const lease of leases) lease.release();
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  return { urls: started.map((s) => (s as PromiseFulfilledResult<{ url: string }>).value.url), stop };
}
