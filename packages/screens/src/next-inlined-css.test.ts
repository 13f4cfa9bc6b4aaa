// patches/next@16.4.6.patch empties the second copy of each inlined stylesheet in the flight data
// that Next writes into the HTML for hydration. These tests run the patched module of the installed
// Next.js itself, so they also fail if the patch stops applying.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";

type Filter = { push(chunk: Uint8Array): Uint8Array; flush(): Uint8Array };
const require = createRequire(import.meta.url);
const patched = require("next/dist/server/app-render/strip-inlined-css.js") as {
  createInlinedCssFilter(): Filter;
  filterWebStream(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array>;
  filterNodeStream(stream: Readable): Readable;
};

const enc = new TextEncoder();
const dec = new TextDecoder();
const css = `@layer base{body{margin:0}}${".a{color:red}".repeat(200)}/* é — ✓ */`;
const bytes = (s: string) => enc.encode(s).length.toString(16);
const styleRow = `0:["$","style","0",{"nonce":"$undefined","precedence":"next","href":"/_next/static/chunks/a.css","children":"$2"}]\n`;
const stream = `1:"$Sreact.fragment"\n2:T${bytes(css)},${css}${styleRow}3:I[1,["$4"],"X"]\n`;
const stripped = `1:"$Sreact.fragment"\n2:T0,${styleRow}3:I[1,["$4"],"X"]\n`;

function run(chunks: Uint8Array[]): string {
  const filter = patched.createInlinedCssFilter();
  const out = chunks.map((c) => filter.push(c));
  out.push(filter.flush());
  return out.map((c) => dec.decode(c)).join("");
}
function cut(s: string, at: number[]): Uint8Array[] {
  const all = enc.encode(s);
  const points = [0, ...at, all.length];
  return points.slice(1).map((end, i) => all.slice(points[i], end));
}

describe("the inlined flight data's stylesheet copies", () => {
  it("are emptied when the row and its stylesheet element come in one chunk", () => {
    expect(run(cut(stream, []))).toBe(stripped);
  });

  it("are emptied when the text row is split over chunks, at any byte (the length counts UTF-8 bytes)", () => {
    const total = enc.encode(stream).length;
    const rowEnd = enc.encode(stream).length - enc.encode(styleRow + `3:I[1,["$4"],"X"]\n`).length;
    for (let a = 1; a < rowEnd; a += 7) expect(run(cut(stream, [a]))).toBe(stripped);
    // Cut inside the multi-byte characters at the end of the stylesheet.
    for (let a = rowEnd - 12; a < rowEnd; a++) expect(run(cut(stream, [a]))).toBe(stripped);
    // Any chunking gives either the stripped stream or the original one, never something else.
    for (let a = 1; a < total; a += 97)
      for (let b = a + 1; b < total; b += 389) expect([stripped, stream]).toContain(run(cut(stream, [a, b])));
  });

  it("stay when the stylesheet element only comes in a later chunk", () => {
    const at = enc.encode(stream).length - enc.encode(styleRow + `3:I[1,["$4"],"X"]\n`).length;
    expect(run(cut(stream, [at]))).toBe(stream);
  });

  it("leave every other long text row alone", () => {
    const text = "x".repeat(2000);
    const plain = `5:T${bytes(text)},${text}6:["$","p",null,{"children":"$5"}]\n`;
    expect(run(cut(plain, []))).toBe(plain);
    const twice = `5:T${bytes(text)},${text}0:["$","style","0",{"precedence":"next","href":"/a.css","children":"$5"}]\n7:["$","p",null,{"children":"$5"}]\n`;
    expect(run(cut(twice, []))).toBe(twice);
    const notCss = `5:T${bytes(text)},${text}0:["$","style","0",{"precedence":"next","href":"/a.txt","children":"$5"}]\n`;
    expect(run(cut(notCss, []))).toBe(notCss);
    const short = `5:T4,abcd0:["$","style","0",{"precedence":"next","href":"/a.css","children":"$5"}]\n`;
    expect(run(cut(short, []))).toBe(short);
  });

  it("pass other length-prefixed rows through byte for byte", () => {
    const binary = new Uint8Array([0x39, 0x3a, 0x6f, 0x34, 0x2c, 0x0a, 0x00, 0xff, 0x7b, ...enc.encode(stream)]);
    const filter = patched.createInlinedCssFilter();
    const out = [filter.push(binary), filter.flush()];
    expect(dec.decode(out[0]!.subarray(9)) + dec.decode(out[1])).toBe(stripped);
    expect([...out[0]!.subarray(0, 9)]).toEqual([...binary.subarray(0, 9)]);
  });

  it("are emptied on both of Next's stream paths", async () => {
    const web = patched.filterWebStream(new Blob(cut(stream, [40, 900]) as BlobPart[]).stream());
    expect(await new Response(web).text()).toBe(stripped);
    const node = patched.filterNodeStream(Readable.from(cut(stream, [40, 900]).map((c) => Buffer.from(c))));
    let text = "";
    for await (const chunk of node) text += chunk.toString();
    expect(text).toBe(stripped);
  });

  it("are wired into every production app-page runtime", () => {
    const root = dirname(require.resolve("next/package.json"));
    for (const runtime of ["app-page", "app-page-experimental", "app-page-turbo", "app-page-turbo-experimental"]) {
      const source = readFileSync(join(root, "dist/compiled/next-server", `${runtime}.runtime.prod.js`), "utf8");
      expect(source.match(/strip-inlined-css\.js"\)\.filter(Web|Node)Stream/g)?.sort()).toEqual([
        'strip-inlined-css.js").filterNodeStream',
        'strip-inlined-css.js").filterWebStream',
      ]);
    }
  });
});
