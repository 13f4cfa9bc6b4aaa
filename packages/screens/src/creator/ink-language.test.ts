import { ensureSyntaxTree, StringStream } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { highlightTree } from "@lezer/highlight";
import { describe, expect, it } from "vitest";
import { inkHighlight, inkLanguage, inkStreamParser, type InkState } from "./ink-language";

/** Tokenizes a script as CodeMirror would, line by line: each line's non-plain tokens as [text, name]. */
function tokens(source: string): [string, string][][] {
  const p = inkStreamParser;
  const state = p.startState!(2);
  return source.split("\n").map((line) => {
    const out: [string, string][] = [];
    if (line === "") {
      p.blankLine!(state, 2);
      return out;
    }
    const stream = new StringStream(line, 4, 2);
    while (!stream.eol()) {
      stream.start = stream.pos;
      const name = p.token(stream, state);
      if (stream.pos === stream.start) throw new Error(`no progress at ${stream.pos} of ${JSON.stringify(line)}`);
      if (name) out.push([stream.current().trim(), name]);
    }
    return out;
  });
}
const one = (line: string) => tokens(line)[0]!;

describe("the ink tokenizer", () => {
  it("marks knot headers, function knots and stitches", () => {
    expect(one("=== harbour ===")).toEqual([["=== harbour ===", "knot"]]);
    expect(one("== lighthouse")).toEqual([["== lighthouse", "knot"]]);
    expect(one("= the_stair")).toEqual([["= the_stair", "stitch"]]);
    expect(one("=== function greet(name) ===")).toEqual([
      ["=== function greet", "knot"],
      ["name", "varname"],
    ]);
  });

  it("marks choices, sticky choices, gathers and their labels", () => {
    expect(one("* [Climb] -> top")).toEqual([
      ["*", "choice"],
      ["[", "bracket"],
      ["]", "bracket"],
      ["->", "divert"],
      ["top", "target"],
    ]);
    expect(one("  + + (again) Once more")).toEqual([
      ["+ +", "choice"],
      ["(again)", "label"],
    ]);
    expect(one("- - (joined) They meet.")).toEqual([
      ["- -", "gather"],
      ["(joined)", "label"],
    ]);
  });

  it("tells a gather from a divert at the start of a line", () => {
    expect(one("-> harbour.dock")).toEqual([
      ["->", "divert"],
      ["harbour.dock", "target"],
    ]);
    expect(one("- Fine.")).toEqual([["-", "gather"]]);
  });

  it("marks tunnels and threads", () => {
    expect(one("Go on. -> fight ->")).toEqual([
      ["->", "divert"],
      ["fight", "target"],
      ["->", "divert"],
    ]);
    expect(one("->->")).toEqual([["->->", "divert"]]);
    expect(one("<- chatter")).toEqual([
      ["<-", "divert"],
      ["chatter", "target"],
    ]);
  });

  it("marks tags to the next tag or comment", () => {
    expect(one("Hello. #speaker: Wren #mood: dry // note")).toEqual([
      ["#speaker: Wren", "hashtag"],
      ["#mood: dry", "hashtag"],
      ["// note", "comment"],
    ]);
  });

  it("marks line comments and block comments across lines", () => {
    const lines = tokens("Text // aside\n/* a\nlong */ After.\nPlain.");
    expect(lines[0]).toEqual([["// aside", "comment"]]);
    expect(lines[1]).toEqual([["/* a", "comment"]]);
    expect(lines[2]).toEqual([["long */", "comment"]]);
    expect(lines[3]).toEqual([]);
  });

  it("reads logic lines and declarations as code", () => {
    expect(one('~ lamp_lit = true && name == "Wren"')).toEqual([
      ["~", "logic"],
      ["lamp_lit", "varname"],
      ["true", "keyword"],
      ["name", "varname"],
      ['"Wren"', "string"],
    ]);
    expect(one("VAR coins = 3")).toEqual([
      ["VAR", "keyword"],
      ["coins", "varname"],
      ["3", "number"],
    ]);
  });

  it("marks braces, inline variables and alternatives, also across lines", () => {
    expect(one("You have {coins} coins{&.|!}")).toEqual([
      ["{", "brace"],
      ["coins", "varname"],
      ["}", "brace"],
      ["{", "brace"],
      ["|", "brace"],
      ["}", "brace"],
    ]);
    const lines = tokens("{ lamp_lit:\n  It glows.\n- else:\n  Dark.\n}\nAfter.");
    expect(lines[0]).toEqual([
      ["{", "brace"],
      ["lamp_lit", "varname"],
      [":", "brace"],
    ]);
    expect(lines[4]).toEqual([["}", "brace"]]);
    expect(lines[5]).toEqual([]);
  });

  it("marks glue", () => {
    expect(one("Joined <> here")).toEqual([["<>", "glue"]]);
  });

  it("starts each line fresh after a logic line", () => {
    const state: InkState = inkStreamParser.startState!(2);
    expect(state).toEqual({ blockComment: false, braces: 0, code: false, opening: false });
    expect(tokens("~ x = 1\n* Pick")[1]).toEqual([["*", "choice"]]);
  });
});

describe("the ink highlighting", () => {
  // Through CodeMirror itself: a token name it already knows (like "tag") would win over ours.
  it("gives every kind of token its colour", () => {
    const doc = "=== hall ===\nHi. #speaker: Wren\n* [Go] -> hall\n{coins} // note";
    const state = EditorState.create({ doc, extensions: [inkLanguage] });
    const tree = ensureSyntaxTree(state, doc.length, 5_000)!;
    const styled: [string, string][] = [];
    highlightTree(tree, inkHighlight, (from, to, classes) => styled.push([doc.slice(from, to).trim(), classes]));
    const classOf = (text: string) => styled.find(([t]) => t === text)?.[1] ?? "";
    expect(classOf("=== hall ===")).toContain("text-sky-300");
    expect(classOf("#speaker: Wren")).toContain("text-emerald-300");
    expect(classOf("*")).toContain("text-amber-300");
    expect(classOf("->")).toContain("text-violet-300");
    expect(classOf("coins")).toContain("text-cyan-300");
    expect(classOf("// note")).toContain("italic");
  });
});
