// The ink worker run from sources (tsx, vitest): a worker thread does not inherit the parent's
// TypeScript loader, so this loads inkWorker.ts through tsx. The build runs dist/inkWorker.js instead.
import { tsImport } from "tsx/esm/api";

const worker = await tsImport("./inkWorker.ts", import.meta.url);
export default worker.default;
