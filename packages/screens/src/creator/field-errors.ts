// The draft form checked with the contract's schema (zod), apart from editor-logic: the editor loads
// it beside the page rather than in its first load (useFieldErrors in editor.tsx), since the schema
// and zod are about 40 KiB gzip that only matter once an author has typed something wrong.
import { DraftChanges } from "@storyloom/contract";
import { changesOf, type DraftForm } from "./editor-logic";

/** The form checked with the contract's schema: field path ("title", "characters.0.name") → message. */
export function fieldErrors(f: DraftForm): Record<string, string> {
  const { id: _id, ...changes } = changesOf("0", f);
  const r = DraftChanges.safeParse(changes);
  const out: Record<string, string> = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const path = issue.path.join(".");
    out[path] ??= issue.message;
  }
  return out;
}

