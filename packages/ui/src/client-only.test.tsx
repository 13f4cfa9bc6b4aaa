import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { clientOnly, whenIdle } from "./client-only";

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

describe("whenIdle", () => {
  it("runs once the browser is idle (in 2 s where there is no requestIdleCallback), not at once", async () => {
    const run = vi.fn();
    vi.useFakeTimers();
    try {
      whenIdle(run);
      expect(run).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("clientOnly with preload: idle", () => {
  it("fetches the code once the browser is idle, before any render asks for it", async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    vi.useFakeTimers();
    try {
      clientOnly(load, null, { preload: "idle" });
      expect(load).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
