// ink for CodeMirror 6. No ink mode is published on npm, so this is a small line-oriented stream
// tokenizer: ink's structure is decided at the start of each line (knot and stitch headers,
// choices, gathers, logic lines, declarations), and inside a line by a few marks (diverts, tags,
// glue, braces). It highlights; it does not check: the compiler's problems come as diagnostics.
import { HighlightStyle, StreamLanguage, type StreamParser, type StringStream } from "@codemirror/language";
import { tags as t, type Tag } from "@lezer/highlight";

/** What the tokenizer carries from one line to the next. */
export interface InkState {
  /** Inside a `/* … *\/` comment (which may span lines). */
  blockComment: boolean;
  /** How many `{` are open: inline logic, conditionals and alternatives (may span lines). */
  braces: number;
  /** The rest of the line is code: a `~` line, a declaration, or a header's parameters. */
  code: boolean;
  /** Still at the line's opening marks (choices and gathers may be followed by a label). */
  opening: boolean;
}

/** The token names this mode gives, each highlighted as its tag. */
export const INK_TOKENS = {
  knot: t.heading1,
  stitch: t.heading2,
  choice: t.controlKeyword,
  gather: t.controlKeyword,
  label: t.labelName,
  divert: t.operator,
  target: t.link,
  // Not "tag" or "variable": CodeMirror maps those legacy names to its own tags before ours.
  hashtag: t.meta,
  comment: t.comment,
  logic: t.processingInstruction,
  keyword: t.keyword,
  brace: t.brace,
  bracket: t.squareBracket,
  glue: t.operator,
  string: t.string,
  number: t.number,
  varname: t.variableName,
} satisfies Record<string, Tag>;

/** A token name of this mode. */
export type InkToken = keyof typeof INK_TOKENS;

const DECLARATION = /^(VAR|CONST|LIST|INCLUDE|EXTERNAL|TODO:?)(?=\s)/;
const CODE_WORDS = /^(and|or|not|true|false|return|temp|function|mod|has|hasnt|END|DONE)\b/;
const NAME = /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*/;

/** A `-> target`, `->->`, `<- thread`: the arrow now; its target is the next token. */
function divert(stream: StringStream): InkToken | null {
  if (stream.match("->->") || stream.match("->") || stream.match("<-")) return "divert";
  return null;
}

/** One token inside code (a logic line, braces, a header's parameters). */
function codeToken(stream: StringStream, state: InkState): InkToken | null {
  if (stream.eatSpace()) return null;
  if (stream.match("//")) {
    stream.skipToEnd();
    return "comment";
  }
  if (stream.match("/*")) {
    state.blockComment = true;
    return "comment";
  }
  const arrow = divert(stream);
  if (arrow) return arrow;
  if (stream.match(/^"([^"\\]|\\.)*"?/)) return "string";
  if (stream.match(/^\d+(\.\d+)?/)) return "number";
  if (stream.match(CODE_WORDS)) return "keyword";
  if (stream.match(NAME)) return "varname";
  stream.next();
  return null;
}

/** Reads to the end of a block comment, or to the end of the line if it goes on. */
function blockComment(stream: StringStream, state: InkState): InkToken {
  if (stream.skipTo("*/")) {
    stream.match("*/");
    state.blockComment = false;
  } else stream.skipToEnd();
  return "comment";
}

/** The tokenizer: one token per call, as CodeMirror's StreamLanguage asks. */
export const inkStreamParser: StreamParser<InkState> = {
  name: "ink",
  startState: () => ({ blockComment: false, braces: 0, code: false, opening: false }),
  copyState: (s) => ({ ...s }),
  token(stream, state) {
    if (stream.sol()) {
      state.code = false;
      state.opening = true;
    }
    if (state.blockComment) return blockComment(stream, state);
    if (state.opening) {
      if (stream.eatSpace()) return null;
      state.opening = false;
      // Headers: `=== knot ===`, `== function f(x) ==`, `= stitch`.
      if (stream.match(/^={2,}\s*(function\s+)?[\w]+\s*/)) {
        if (stream.peek() === "(") state.code = true;
        else stream.match(/^=*/);
        return "knot";
      }
      if (stream.match(/^=\s*[\w]+\s*/)) {
        if (stream.peek() === "(") state.code = true;
        return "stitch";
      }
      if (stream.match(/^[*+](\s*[*+])*/)) {
        state.opening = true;
        return "choice";
      }
      // A gather is `-` but not a divert `->`.
      if (stream.match(/^-(\s*-(?!>))*(?!>)/)) {
        state.opening = true;
        return "gather";
      }
      if (stream.match("~")) {
        state.code = true;
        return "logic";
      }
      if (stream.match(DECLARATION)) {
        state.code = true;
        return "keyword";
      }
      // A choice's or gather's label `(name)`, right after its marks.
      if (stream.match(/^\(\s*[\w]+\s*\)/)) return "label";
    }
    if (state.code || state.braces > 0) {
      if (stream.peek() === "{") {
        stream.next();
        state.braces++;
        return "brace";
      }
      if (state.braces > 0 && stream.peek() === "}") {
        stream.next();
        state.braces--;
        return "brace";
      }
      if (state.braces > 0 && !state.code && /[|:]/.test(stream.peek() ?? "")) {
        stream.next();
        return "brace";
      }
      if (state.braces > 0 && !state.code) return textToken(stream, state);
      return codeToken(stream, state);
    }
    return textToken(stream, state);
  },
  blankLine(state) {
    state.code = false;
    state.opening = true;
  },
  tokenTable: INK_TOKENS,
  languageData: { commentTokens: { line: "//", block: { open: "/*", close: "*/" } } },
};

/** One token of story text: marks (diverts, tags, glue, braces, brackets, comments) or plain words. */
function textToken(stream: StringStream, state: InkState): InkToken | null {
  if (stream.match("//")) {
    stream.skipToEnd();
    return "comment";
  }
  if (stream.match("/*")) {
    state.blockComment = true;
    return blockComment(stream, state);
  }
  const arrow = divert(stream);
  if (arrow) {
    state.code = false;
    return arrow;
  }
  // The target right after an arrow.
  const before = stream.string.slice(0, stream.pos);
  if (/(->|<-)\s*$/.test(before)) {
    if (stream.eatSpace()) return null;
    if (stream.match(NAME)) return "target";
  }
  if (stream.peek() === "#") {
    // A tag runs to the next tag, a comment or the end of the line.
    stream.next();
    while (!stream.eol() && stream.peek() !== "#" && !stream.match("//", false)) stream.next();
    return "hashtag";
  }
  if (stream.match("<>")) return "glue";
  if (stream.peek() === "{") {
    stream.next();
    state.braces++;
    return "brace";
  }
  // `{x}` and `{cond: …}` open with a name: a variable (or a knot's visit count).
  if (state.braces > 0 && /\{\s*$/.test(before) && stream.eatSpace()) return null;
  if (state.braces > 0 && /^[A-Za-z_]/.test(stream.peek() ?? "") && /\{\s*$/.test(before)) {
    stream.match(NAME);
    return "varname";
  }
  if (stream.peek() === "[" || stream.peek() === "]") {
    stream.next();
    return "bracket";
  }
  // Plain text up to the next mark.
  if (!stream.eatWhile(/[^{}[\]#<>\-/|:]/)) stream.next();
  return null;
}

/** The ink language for an editor. */
export const inkLanguage = StreamLanguage.define(inkStreamParser);

// Readable on both themes (dark is the default, light is darker); written out whole so Tailwind finds them.
/** Colours of ink's tokens, as utility classes so they follow the site's light and dark themes. */
export const inkHighlight = HighlightStyle.define([
  { tag: t.heading1, class: "font-semibold text-sky-300 in-data-[theme=light]:text-sky-800" },
  { tag: t.heading2, class: "font-semibold text-sky-300 in-data-[theme=light]:text-sky-800" },
  { tag: t.controlKeyword, class: "font-semibold text-amber-300 in-data-[theme=light]:text-amber-800" },
  { tag: t.labelName, class: "text-amber-200 in-data-[theme=light]:text-amber-900" },
  { tag: [t.operator, t.link], class: "text-violet-300 in-data-[theme=light]:text-violet-800" },
  { tag: t.meta, class: "text-emerald-300 in-data-[theme=light]:text-emerald-800" },
  { tag: t.comment, class: "italic text-zinc-400 in-data-[theme=light]:text-zinc-600" },
  { tag: [t.processingInstruction, t.keyword], class: "text-pink-300 in-data-[theme=light]:text-pink-800" },
  { tag: [t.brace, t.squareBracket], class: "text-zinc-300 in-data-[theme=light]:text-zinc-700" },
  { tag: t.string, class: "text-lime-300 in-data-[theme=light]:text-lime-800" },
  { tag: t.number, class: "text-orange-300 in-data-[theme=light]:text-orange-800" },
  { tag: t.variableName, class: "text-cyan-300 in-data-[theme=light]:text-cyan-800" },
]);
