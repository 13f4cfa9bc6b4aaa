// React packages add the hooks rules on top of the base config.
import reactHooks from "eslint-plugin-react-hooks";
import base from "./base.js";

/** Flat config for packages and apps that render React. */
export default [
  ...base,
  {
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
];
