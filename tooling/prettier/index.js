/** Shared Prettier settings. */
export default { printWidth: 110, singleQuote: false, trailingComma: "all" };
