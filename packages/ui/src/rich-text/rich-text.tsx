// Role-play text as React elements: *actions* in italics, **strong**, quoted speech set apart, line
// breaks kept. Every piece of text goes through React, which escapes it: raw HTML a model writes is
// shown as the text it is, images as their markdown, and links (web addresses only) as text with
// their address, so nothing a reply says can inject markup, load a resource or lead off-site.
import { memo, type ReactNode } from "react";
import type { Token, Tokens } from "marked";
import { isWebAddress, parseRichText } from "./parse";

/** Props of {@link RichText}. */
export interface RichTextProps {
  text: string;
  className?: string;
}

/**
 * Renders `text` in the role-play subset. The first paragraph flows inline (after a speaker's name),
 * the next ones are block spans, so it can sit inside a bubble's span or a list item; a text too
 * long to parse is shown plain, line breaks kept. Memoised: while a reply streams, the thread
 * re-renders at every token, and only the growing reply needs parsing again.
 */
export const RichText = memo(function RichText({ text, className }: RichTextProps) {
  const paragraphs = parseRichText(text);
  const cls = `break-words ${className ?? ""}`.trim();
  if (!paragraphs) return <span className={`whitespace-pre-wrap ${cls}`}>{text}</span>;
  return (
    <span className={cls} data-rich-text="">
      {paragraphs.map((tokens, i) => (
        <span key={i} className={i > 0 ? "mt-2 block" : undefined}>
          {renderInline(tokens, { n: 0 })}
        </span>
      ))}
    </span>
  );
});

/** Hands out React keys for one paragraph. */
interface Keys {
  n: number;
}

const OPENING = new Set(['"', "“"]);
const CLOSING = new Set(['"', "”"]);

/**
 * One run of sibling tokens. Quoted speech may hold emphasis (`"Stay *here*."`), so quotes are
 * matched across the run: an opening mark starts a speech span, the next closing mark ends it, and
 * one never closed is left as written.
 */
function renderInline(tokens: Token[], keys: Keys): ReactNode[] {
  const out: ReactNode[] = [];
  let speech: ReactNode[] | null = null;
  const push = (node: ReactNode) => (speech ?? out).push(node);
  for (const token of tokens) {
    if (token.type !== "text") {
      push(renderToken(token, keys));
      continue;
    }
    for (const part of (token as Tokens.Text).text.split(/(["“”])/)) {
      if (part === "") continue;
      if (speech === null && OPENING.has(part)) speech = [part];
      else if (speech !== null && CLOSING.has(part)) {
        speech.push(part);
        out.push(
          <span key={keys.n++} className="font-semibold" data-speech="">
            {speech}
          </span>,
        );
        speech = null;
      } else push(part);
    }
  }
  if (speech) out.push(...speech);
  return out;
}

function renderToken(token: Token, keys: Keys): ReactNode {
  const key = keys.n++;
  switch (token.type) {
    case "em":
      return (
        <em key={key} className="italic">
          {renderInline((token as Tokens.Em).tokens, keys)}
        </em>
      );
    case "strong":
      return (
        <strong key={key} className="font-semibold">
          {renderInline((token as Tokens.Strong).tokens, keys)}
        </strong>
      );
    case "del":
      return <del key={key}>{renderInline((token as Tokens.Del).tokens, keys)}</del>;
    case "br":
      return <br key={key} />;
    case "codespan":
      return (
        <code key={key} className="rounded bg-surface-2 px-1 font-mono text-[0.9em]">
          {(token as Tokens.Codespan).text}
        </code>
      );
    case "escape":
      return (token as Tokens.Escape).text;
    case "link":
      return renderLink(token as Tokens.Link, key, keys);
    default:
      // Raw HTML, images and anything else: the characters that were written, as text.
      return token.raw;
  }
}

/** A web address is shown, never followed from here: the label, then the address the reply gave. */
function renderLink(link: Tokens.Link, key: number, keys: Keys): ReactNode {
  const label = renderInline(link.tokens, keys);
  if (!isWebAddress(link.href)) return <span key={key}>{label}</span>;
  if (link.text === link.href) {
    return (
      <span key={key} className="break-all underline decoration-dotted underline-offset-2" data-address="">
        {link.href}
      </span>
    );
  }
  return (
    <span key={key} data-link="">
      {label}{" "}
      <span className="break-all underline decoration-dotted underline-offset-2" data-address="">
        ({link.href})
      </span>
    </span>
  );
}
