/** The line V8 reads as "compile every function of this file eagerly, while it streams in". */
export declare const COMPILE_HINT: string;
/** Prepends {@link COMPILE_HINT} to each `.js` file in `chunksDir` (once) and shifts its source map; returns how many it marked. */
export declare function addCompileHints(chunksDir: string): number;
