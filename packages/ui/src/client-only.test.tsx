import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { clientOnly } from "./client-only";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("clientOnly", () => {
  it("renders only the fallback on the server, and never loads the code there", () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Lazy = clientOnly(load, <span>Loading…</span>);
    const html = renderToString(<Lazy name="Wren" />);
    expect(html).toContain("Loading…");
    expect(html).not.toContain("Hello");
    expect(load).not.toHaveBeenCalled();
  });

  it("loads the code on its first render in the browser and renders it with its props", async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Lazy = clientOnly(load, <span>Loading…</span>);
    expect(load).not.toHaveBeenCalled(); // defining it downloads nothing
    render(<Lazy name="Wren" />);
    expect(await screen.findByText("Hello Wren")).toBeTruthy();
    expect(screen.queryByText("Loading…")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
