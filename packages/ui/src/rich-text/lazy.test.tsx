import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LazyRichText, preloadRichText } from "./lazy";

describe("LazyRichText", () => {
  it("shows the plain text, line breaks kept, until the renderer is here, then the role-play subset", async () => {
    const { container } = render(<LazyRichText text={"*waves* <b>hi</b>\nbye"} />);
    // Before the renderer's code arrives: the words as written, nothing parsed, nothing as HTML.
    expect(container.querySelector("em")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe("*waves* <b>hi</b>\nbye");
    await waitFor(() => expect(container.querySelector("em")?.textContent).toBe("waves"));
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toContain("<b>hi</b>");
  });

  it("draws a message mounted after the load with the renderer at once", async () => {
    await preloadRichText();
    const { container } = render(<LazyRichText text="**now**" />);
    expect(container.querySelector("strong")?.textContent).toBe("now");
  });
});
