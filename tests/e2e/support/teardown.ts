import { rmSync } from "node:fs";

/** Removes this run's embedded database folder (the API has stopped by now). */
export default function teardown(): void {
  const dir = process.env.E2E_PGLITE_DIR;
  if (dir && dir.includes("storyloom-e2e-pglite-")) rmSync(dir, { recursive: true, force: true });
}
