// Shared lint rules for every package: typescript-eslint's recommended set, no stray console,
// and every environment variable a file reads declared in turbo.json (eslint-config-turbo), so
// turbo's cache keys change when an input does.
import js from "@eslint/js";
import turbo from "eslint-config-turbo/flat";
import tseslint from "typescript-eslint";

/** The base flat config every package extends. */
export default tseslint.config(
  // *.bundled_*.mjs: the temporary copy of a tsup config that tsup writes (and deletes) while a
  // build of the same package runs beside this lint in turbo.
  { ignores: ["**/node_modules/**", "**/dist/**", "**/.next/**", "**/.next-*/**", "**/.cache/**", "drizzle/**", "**/*.bundled_*.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...turbo,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "no-console": ["error", { allow: ["warn", "error"] }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-undef": "off",
      // APP_NAME is not read from the environment: each app's next.config sets it (its `env`) and
      // Next inlines it at build, so it is no input of a turbo task.
      "turbo/no-undeclared-env-vars": ["error", { allowList: ["^APP_NAME$"] }],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "**/*.e2e.ts", "**/test/**", "**/scripts/**", "**/bench/**"],
    rules: { "no-console": "off" },
  },
);
