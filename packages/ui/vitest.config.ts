import { vitestConfig } from "@storyloom/vitest-config";

const shared = vitestConfig({ environment: "happy-dom", setupFiles: ["./src/test-setup.ts"] });

// happy-dom: components need a DOM and it is the lighter option. The setup file unmounts after
// each test (no vitest globals, so RTL cannot). tsconfig says jsx "preserve" for Next.js, which
// the transformer would copy verbatim; tests need it compiled with React's automatic runtime.
export default { ...shared, oxc: { jsx: { runtime: "automatic", importSource: "react" } } };
