import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MARKS_LIMIT, plainRichText, RICH_TEXT_LIMIT, splitParagraphs } from "./parse";
import { RichText } from "./rich-text";

function html(text: string): HTMLElement {
  return render(<RichText text={text} />).container;
}

describe("RichText", () => {
  it("sets actions in italics, strong words in bold and quoted speech apart, keeping line breaks", () => {
    const root = html('*she leans closer* "Stay," she says. **Now.**\nThe lamp turns.');
    expect(root.querySelector("em")?.textContent).toBe("she leans closer");
    expect(root.querySelector("strong")?.textContent).toBe("Now.");
    expect([...root.querySelectorAll("[data-speech]")].map((s) => s.textContent)).toEqual(['"Stay,"']);
    expect(root.querySelectorAll("br")).toHaveLength(1);
    expect(root.textContent).toBe('she leans closer "Stay," she says. Now.The lamp turns.');
  });

  it("keeps emphasis inside speech and curly quotes as speech", () => {
    const root = html("“Go *now*,” he says. \"Half open");
    const speech = root.querySelector("[data-speech]");
    expect(speech?.textContent).toBe("“Go now,”");
    expect(speech?.querySelector("em")?.textContent).toBe("now");
    // A quote never closed is left as written.
    expect(root.querySelectorAll("[data-speech]")).toHaveLength(1);
    expect(root.textContent).toContain('"Half open');
  });

  it("splits paragraphs on blank lines, so emphasis never spans them", () => {
    const root = html("*one\n\ntwo*");
    expect(root.querySelector("em")).toBeNull();
    expect(root.querySelectorAll("[data-rich-text] > span")).toHaveLength(2);
    expect(splitParagraphs("\n\na\r\n\r\nb\n\n")).toEqual(["a", "b"]);
  });

  it("nests emphasis", () => {
    const root = html("***both*** *a **b** c*");
    expect(root.querySelector("em > strong, strong > em")?.textContent).toBe("both");
    const second = root.querySelectorAll(":scope [data-rich-text] > span > em")[1];
    expect(second?.textContent).toBe("a b c");
    expect(second?.querySelector("strong")?.textContent).toBe("b");
  });

  it("shows raw HTML as text: no script, image or handler reaches the page", () => {
    const hostile = '<script>alert(1)</script> <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a> <b onmouseover=alert(4)>b</b>';
    const root = html(hostile);
    for (const tag of ["script", "img", "a", "b", "iframe"]) expect(root.querySelector(tag)).toBeNull();
    expect(root.textContent).toBe(hostile);
    for (const el of root.querySelectorAll("*")) {
      for (const attr of el.getAttributeNames()) expect(attr).toMatch(/^(class|data-[a-z-]+)$/);
    }
  });

  it("shows images as their markdown, and web links as text with their address only", () => {
    const root = html("![cat](https://x.test/cat.png) [map](https://example.test/map) [bad](javascript:alert(1)) [data](data:text/html,hi) https://bare.test/p");
    expect(root.querySelector("img, a")).toBeNull();
    expect(root.textContent).toContain("![cat](https://x.test/cat.png)");
    expect([...root.querySelectorAll("[data-address]")].map((s) => s.textContent)).toEqual(["(https://example.test/map)", "https://bare.test/p"]);
    expect(root.textContent).toContain("map (https://example.test/map)");
    expect(root.textContent).not.toContain("javascript:");
    expect(root.textContent).not.toContain("data:text");
    expect(root.textContent).toContain("bad");
  });

  it("keeps escaped marks and entities as written", () => {
    const root = html("\\*not an action\\* &lt;b&gt; `*code*`");
    expect(root.querySelector("em")).toBeNull();
    expect(root.textContent).toBe("*not an action* &lt;b&gt; *code*");
    expect(root.querySelector("code")?.textContent).toBe("*code*");
  });

  it("stays bounded on hostile sizes: deep nesting and runs of marks parse, a huge text is shown plain", () => {
    // Nesting deeper than marked's recursion can go, or more marks than the limit: that paragraph is
    // shown as written, the rest of the reply still renders.
    const deep = "*".repeat(3_000) + "x" + "*".repeat(3_000);
    expect(html(deep).textContent).toBe(deep);
    expect(html(`*fine*\n\n${deep}`).querySelector("em")?.textContent).toBe("fine");
    const nested = "*a **b *c **d** c* b** a* ";
    const many = nested.repeat(Math.floor(MARKS_LIMIT / 12));
    expect(html(many).querySelectorAll("em")).toHaveLength(2 * Math.floor(MARKS_LIMIT / 12));
    const tooMany = nested.repeat(Math.floor(MARKS_LIMIT / 12) + 1);
    expect(html(tooMany).querySelector("em")).toBeNull();
    expect(html(tooMany).textContent).toBe(tooMany);
    const huge = "word <i>x</i> ".repeat(Math.ceil((RICH_TEXT_LIMIT + 1) / 14));
    const root = html(huge);
    expect(root.querySelector("em, i")).toBeNull();
    expect(root.textContent).toBe(huge);
  });
});

describe("plainRichText", () => {
  it("drops the marks, keeps links' addresses and raw HTML as written", () => {
    expect(plainRichText('*smiles* "Hi," **she** says.\nSee [the map](https://m.test/x).\n\n<b>bold</b> [x](javascript:y)')).toBe(
      '*smiles* "Hi," she says.\nSee the map (https://m.test/x).\n\n<b>bold</b> x'.replace("*smiles*", "smiles"),
    );
  });
});
