// Story scripts (ink): compile with line-numbered errors, and walk every choice to find endings
// and dead ends. Pure: no React, no database; the API, the seed and the editor share it.
import { Story } from "inkjs/full";
import { installInkGuard } from "./guard";

// The walker plays user scripts: its Story is bounded from the moment the package loads.
installInkGuard(Story);

export { compileScript, parseIssue, type CompileResult, type ScriptIssue } from "./compile";
export { walkScript, type WalkDeadEnd, type WalkEnding, type WalkIssue, type WalkOptions, type WalkReport } from "./walk";
export { checkScript, knotLine, type ScriptCheck } from "./check";
export { MAP_START, storyMap, type MapEdge, type MapEdgeKind, type MapNode, type StoryMap } from "./map";
export { headerLines } from "./headers";
export { InkRunaway, installInkGuard, withInkDeadline } from "./guard";
export { speakerOf } from "./tags";
