// What the moderation play-through shows of a submitted script: the compiled story to play, or the
// compiler's errors as lines a moderator can find in the script text below it.
import type { CompileResult, ScriptIssue } from "@storyloom/story-script";

/** A submission's script as the play-through shows it: playable, or why not. */
export type PlayableScript = { ok: true; json: string } | { ok: false; errors: string[] };

/** One compiler message with its line ("Line 4: …"); a message ink gives no line keeps none. */
export function issueText(issue: ScriptIssue): string {
  return issue.line > 0 ? `Line ${issue.line}: ${issue.message}` : issue.message;
}

/** The play-through's view of a compile: the JSON to play, or every error in script order. */
export function playableScript(result: CompileResult): PlayableScript {
  if (result.ok) return { ok: true, json: result.json };
  const errors = [...result.errors].sort((a, b) => a.line - b.line).map(issueText);
  return { ok: false, errors };
}
