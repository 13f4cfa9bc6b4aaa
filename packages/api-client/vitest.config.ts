import { vitestConfig } from "@storyloom/vitest-config";

// Test files each start a real API (PGlite or PostgreSQL); two workers match the shared 2-core box.
export default vitestConfig({
  fileParallelism: true,
  maxWorkers: 2,
  // Browser-storage and React tests opt into happy-dom per file; the page sits on an origin the API's
  // CORS allows, and they reach the API started by the global setup.
  environmentOptions: { happyDOM: { url: "http://localhost:3000/" } },
  globalSetup: ["./src/test-global-setup.ts"],
});
