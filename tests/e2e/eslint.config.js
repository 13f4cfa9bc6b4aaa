import base from "@storyloom/eslint-config";

// Playwright's outputs (HTML report with its bundled viewer, traces, screenshots) are not source.
export default [{ ignores: ["playwright-report/**", "playwright-report-ai/**", "test-results/**", "test-results-ai/**", "artifacts/**"] }, ...base];
