import { createServer } from "node:net";

/** Ports this process handed out and has not had back: two starts at once never get the same one. */
const leased = new Set<number>();

/** A port held for a process about to listen on it; give it back once that process has stopped. */
export interface PortLease {
  port: number;
  release(): void;
}

/** Parses a port range setting: `8640-8649` or a single `8640`. */
export function parsePortRange(text: string, name: string): [number, number] {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text);
  const lo = Number(m?.[1]);
  const hi = Number(m?.[2] ?? m?.[1]);
  if (!m || lo < 1 || hi > 65535 || lo > hi) throw new Error(`${name} must be a port or a range like 8640-8649, not ${JSON.stringify(text)}`);
  return [lo, hi];
}

/** Whether nothing listens on 127.0.0.1:`port` right now (0: whichever port the system picks). */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const taken = (server.address() as { port: number }).port;
      server.close(() => resolve(taken));
    });
  });
}

/**
 * Leases a free loopback port for another process (nginx, an API instance) to listen on: the first
 * free one of the range in the environment variable `envName` (e.g. `8640-8649`, so runs sharing
 * a machine keep to their own ports), or, when it is unset, one the system picks. The port is free
 * when handed out; the process that gets it binds it moments later.
 */
export async function leasePort(envName: string): Promise<PortLease> {
  const setting = process.env[envName]?.trim();
  const candidates = setting ? range(...parsePortRange(setting, envName)) : [0];
  for (const candidate of candidates) {
    if (leased.has(candidate)) continue;
    const port = await probe(candidate);
    if (port === null || leased.has(port)) continue;
    leased.add(port);
    return { port, release: () => void leased.delete(port) };
  }
  throw new Error(`no free port in ${envName}=${setting} (all ${candidates.length} are in use)`);
}

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}
