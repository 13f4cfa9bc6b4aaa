// Shared lint rules for every package: typescript-eslint's recommended set, no stray console,
// and raw process.env only inside an env module (config is read and validated in one place).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** The base flat config every package extends. */
export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/.next/**", "**/.next-*/**", "**/.cache/**", "**/*.config.*", "drizzle/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "no-console": ["error", { allow: ["warn", "error"] }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-undef": "off",
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "**/*.e2e.ts", "**/test/**", "**/scripts/**", "**/bench/**"],
    rules: { "no-console": "off" },
  },
);
