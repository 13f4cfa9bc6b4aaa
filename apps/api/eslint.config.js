import base from "@storyloom/eslint-config";

// Type-aware on top of the base: an un-awaited promise in the API is a write that may land after
// the answer, or an error nobody sees. A deliberate one is marked `void` with the reason beside it.
export default [
  ...base,
  {
    files: ["**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["*.config.ts"] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
];
