import { vitestConfig } from "@storyloom/vitest-config";

// Screen logic (URL filters, chat threads, form rules) is tested as plain functions in node;
// the components themselves are covered end to end against the real API in tests/e2e.
// The few component tests render to HTML in node: JSX is compiled here (the tsconfig preserves it for Next).
export default { ...vitestConfig(), oxc: { jsx: { runtime: "automatic" } } };
