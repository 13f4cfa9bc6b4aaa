// ink's compiled JSON keeps every piece of text a player can read (lines, choice labels, tag text)
// as a string starting with "^"; everything else (control commands, diverts, variable names) is not
// text. Moderation reads the text, not the syntax around it.

/** Every text string of a compiled ink story (its JSON), in the order the JSON holds them. */
export function inkTexts(compiledJson: string): string[] {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node === "string") {
      if (node.startsWith("^") && node.length > 1) out.push(node.slice(1));
    } else if (Array.isArray(node)) {
      for (const child of node) visit(child);
    } else if (node && typeof node === "object") {
      for (const child of Object.values(node)) visit(child);
    }
  };
  visit(JSON.parse(compiledJson));
  return out;
}
