import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { LoadingKind } from "./loading-overlay";
import { LoadingOverlayProvider, useLoadingOverlay } from "./loading-overlay-provider";

function Controls() {
  const overlay = useLoadingOverlay();
  const kinds: LoadingKind[] = ["general", "payment", "redirect"];
  return (
    <>
      {kinds.map((kind) => (
        <button key={kind} type="button" onClick={() => overlay.show(kind)}>
          {kind}
        </button>
      ))}
      <button type="button" onClick={overlay.hide}>
        hide
      </button>
      <span data-testid="kind">{overlay.kind ?? "none"}</span>
    </>
  );
}

function setup() {
  render(
    <LoadingOverlayProvider>
      <Controls />
    </LoadingOverlayProvider>,
  );
}

const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;
const button = (name: string) => screen.getByRole("button", { name });
const overlay = () => document.querySelector("[data-loading-kind]");

describe("loading overlay", () => {
  // The overlay's code loads lazily (loading-overlay-provider.tsx): once here, as a page does when it is idle.
  beforeAll(async () => {
    setup();
    fireEvent.click(button("general"));
    await screen.findByRole("status");
    cleanup();
  });

  it("walks the payment steps every 1500 ms and stops at step 3", () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(button("payment"));
    expect(currentStep()).toBe("Processing");
    act(() => vi.advanceTimersByTime(1499));
    expect(currentStep()).toBe("Processing");
    act(() => vi.advanceTimersByTime(1));
    expect(currentStep()).toBe("Verifying");
    act(() => vi.advanceTimersByTime(1500));
    expect(currentStep()).toBe("Complete");
    act(() => vi.advanceTimersByTime(15_000));
    expect(currentStep()).toBe("Complete");
    expect(document.querySelectorAll('[data-step-state="done"]')).toHaveLength(2);
  });

  it("restarts the steps at Processing when shown again", () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(button("payment"));
    // One act per step: each step's timer is scheduled by the effect of the previous render.
    act(() => vi.advanceTimersByTime(1500));
    act(() => vi.advanceTimersByTime(1500));
    expect(currentStep()).toBe("Complete");
    act(() => button("payment").click());
    expect(currentStep()).toBe("Processing");
  });

  it("shows the general and redirect kinds without steps", () => {
    setup();
    fireEvent.click(button("redirect"));
    expect(overlay()?.getAttribute("data-loading-kind")).toBe("redirect");
    expect(screen.getByRole("status").textContent).toContain("Redirecting");
    expect(currentStep()).toBeUndefined();
    act(() => button("general").click());
    expect(screen.getByRole("status").textContent).toContain("Loading...");
  });

  it("hides on hide(), when the page becomes visible, and on a back-forward-cache restore", () => {
    setup();
    fireEvent.click(button("payment"));
    expect(screen.getByTestId("kind").textContent).toBe("payment");
    act(() => button("hide").click());
    expect(overlay()).toBeNull();

    act(() => button("redirect").click());
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(document.visibilityState).toBe("visible");
    expect(overlay()).toBeNull();

    act(() => button("redirect").click());
    const notPersisted = new Event("pageshow") as PageTransitionEvent;
    Object.defineProperty(notPersisted, "persisted", { value: false });
    act(() => void window.dispatchEvent(notPersisted));
    expect(overlay()).not.toBeNull();
    const persisted = new Event("pageshow") as PageTransitionEvent;
    Object.defineProperty(persisted, "persisted", { value: true });
    act(() => void window.dispatchEvent(persisted));
    expect(overlay()).toBeNull();
    expect(screen.getByTestId("kind").textContent).toBe("none");
  });

  it("refuses to be used outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Controls />)).toThrow(/LoadingOverlayProvider/);
  });
});
