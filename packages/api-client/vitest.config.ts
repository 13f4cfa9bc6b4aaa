import { vitestConfig } from "@storyloom/vitest-config";

// Test files each start a real API (PGlite or PostgreSQL); two workers match the shared 2-core box.
export default vitestConfig({
  fileParallelism: true,
  maxWorkers: 2,
  // Browser-storage tests opt into happy-dom per file; its page sits on an origin the API's CORS allows.
  environmentOptions: { happyDOM: { url: "http://localhost:3000/" } },
});
