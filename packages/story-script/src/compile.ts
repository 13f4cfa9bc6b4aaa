import { Compiler, CompilerOptions } from "inkjs/full";

/** A compiler message tied to a line of the source (1-based; 0 when ink gives no line). */
export interface ScriptIssue {
  line: number;
  message: string;
}

/** The outcome of compiling a story script: its JSON form, or the errors that stop it. */
export type CompileResult =
  | { ok: true; json: string; warnings: ScriptIssue[] }
  | { ok: false; errors: ScriptIssue[]; warnings: ScriptIssue[] };

// ink formats every message as "ERROR: line 12: Divert target not found" (sometimes with a file
// name before the line); the line is what an editor needs to put the error where it belongs.
const LINE = /^(?:ERROR|WARNING|TODO|RUNTIME ERROR|RUNTIME WARNING)?:?\s*(?:'[^']*'\s*)?line (\d+):\s*/i;

/** Splits an ink message into its line number and its text. */
export function parseIssue(raw: string): ScriptIssue {
  const m = LINE.exec(raw);
  if (m) return { line: Number(m[1]), message: raw.slice(m[0].length).trim() };
  return { line: 0, message: raw.replace(/^(ERROR|WARNING):\s*/i, "").trim() };
}

// ink's ErrorType: 0 author (TODO notes), 1 warning, 2 error.
const WARNING = 1;
const ERROR = 2;

/** Compiles an ink script; never throws for a bad script, it returns the errors with their lines. */
export function compileScript(source: string): CompileResult {
  const errors: ScriptIssue[] = [];
  const warnings: ScriptIssue[] = [];
  const onIssue = (message: string, type: number) => {
    if (type === ERROR) errors.push(parseIssue(message));
    else if (type === WARNING) warnings.push(parseIssue(message));
  };
  let json: string | void = undefined;
  try {
    const story = new Compiler(source, new CompilerOptions(null, [], false, onIssue)).Compile();
    if (errors.length === 0) json = story.ToJson();
  } catch (e) {
    // The compiler throws "Compilation failed." after reporting its errors; anything else is a
    // failure of its own, still reported rather than thrown at the caller.
    if (errors.length === 0) errors.push({ line: 0, message: e instanceof Error ? e.message : String(e) });
  }
  if (errors.length > 0 || !json) {
    return { ok: false, errors: errors.length ? errors : [{ line: 0, message: "the script did not compile" }], warnings };
  }
  return { ok: true, json, warnings };
}
