// The role-play text subset: what a story line or a model reply may mark up, parsed by marked's
// inline lexer (a maintained, CommonMark-tested tokenizer) and never turned into HTML. Block syntax
// (headings, lists, code fences, raw HTML blocks) is not parsed at all: a reply is prose, and a
// "# " a model writes stays text.
import { Lexer, type Token, type Tokens } from "marked";

/**
 * Beyond this many characters a text is shown plain, and so is a paragraph with more emphasis marks
 * than {@link MARKS_LIMIT}: marked's emphasis matching grows faster than linearly with the marks, and
 * a streamed reply is parsed again at every token, so the work per render stays bounded whatever a
 * model sends (a reply or a typed message is far shorter).
 */
export const RICH_TEXT_LIMIT = 8_000;
/** Emphasis marks (`*`, `_`, `~`) one paragraph may hold and still be parsed; see {@link RICH_TEXT_LIMIT}. */
export const MARKS_LIMIT = 400;

/** `breaks`: a single line break is kept, as the player saw it typed. */
const OPTIONS = { gfm: true, breaks: true } as const;

/** One paragraph's inline tokens (paragraphs are split on blank lines, so emphasis never spans them). */
export type Paragraph = Token[];

/** The text's paragraphs, each as inline tokens; null when the text is too long to parse. */
export function parseRichText(text: string): Paragraph[] | null {
  if (text.length > RICH_TEXT_LIMIT) return null;
  return splitParagraphs(text).map(lexParagraph);
}

/**
 * One paragraph's inline tokens, or the paragraph as plain text when it has too many marks. marked's
 * emphasis rule also recurses once per nested delimiter: should the stack still run out, the
 * paragraph is shown as the text it is rather than failing the whole reply.
 */
function lexParagraph(paragraph: string): Paragraph {
  if ((paragraph.match(/[*_~]/g)?.length ?? 0) > MARKS_LIMIT) return [plain(paragraph)];
  try {
    return Lexer.lexInline(paragraph, OPTIONS);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return [plain(paragraph)];
  }
}

function plain(paragraph: string): Tokens.Text {
  return { type: "text", raw: paragraph, text: paragraph, escaped: false };
}

/** Blank lines separate paragraphs; leading and trailing blank lines are dropped. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ""))
    .filter((p) => p.trim() !== "");
}

/** Only web addresses are shown as links (as text, with their address); any other scheme is dropped. */
export function isWebAddress(href: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(href.trim());
}

/**
 * The text as a reader hears or reads it without marks: emphasis unwrapped, links as their text and
 * address, raw HTML and images kept as the text that was written. For read-aloud and exports.
 */
export function plainRichText(text: string): string {
  const paragraphs = parseRichText(text);
  if (!paragraphs) return text;
  return paragraphs.map((tokens) => plainTokens(tokens)).join("\n\n");
}

function plainTokens(tokens: Token[]): string {
  return tokens.map(plainToken).join("");
}

function plainToken(token: Token): string {
  switch (token.type) {
    case "em":
    case "strong":
    case "del":
      return plainTokens((token as Tokens.Em).tokens);
    case "br":
      return "\n";
    case "link": {
      const link = token as Tokens.Link;
      const label = plainTokens(link.tokens);
      if (!isWebAddress(link.href) || label === link.href) return label;
      return `${label} (${link.href})`;
    }
    case "codespan":
    case "escape":
    case "text":
      return (token as Tokens.Text).text;
    default:
      return token.raw;
  }
}
