// Story scripts (ink): compile with line-numbered errors, and walk every choice to find endings
// and dead ends. Pure: no React, no database; the API, the seed and the editor share it.
export { compileScript, parseIssue, type CompileResult, type ScriptIssue } from "./compile";
export { walkScript, type WalkDeadEnd, type WalkEnding, type WalkIssue, type WalkOptions, type WalkReport } from "./walk";
export { checkScript, knotLine, type ScriptCheck } from "./check";
