import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type ToastApi, ToastProvider, useToast } from "./toast-provider";
import { TOAST_LIMIT, type Toast, pushToast, toastDuration } from "./toast-queue";

let api: ToastApi;
function Capture() {
  api = useToast();
  return null;
}
function setup() {
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}
const shown = () => Array.from(document.querySelectorAll("[data-toast-kind]")).map((el) => el.textContent ?? "");

describe("toast queue", () => {
  it("keeps at most five, dropping the oldest", () => {
    let list: Toast[] = [];
    for (let i = 1; i <= 7; i += 1) list = pushToast(list, { id: String(i), kind: "info", message: `m${i}`, duration: 4000 });
    expect(TOAST_LIMIT).toBe(5);
    expect(list.map((toast) => toast.id)).toEqual(["3", "4", "5", "6", "7"]);
  });

  it("lasts 4000 ms, errors 5000 ms", () => {
    expect(toastDuration("success")).toBe(4000);
    expect(toastDuration("info")).toBe(4000);
    expect(toastDuration("warning")).toBe(4000);
    expect(toastDuration("error")).toBe(5000);
  });
});

describe("ToastProvider", () => {
  // A toast's code loads lazily (toast-provider.tsx): once here, as a page does when it is idle.
  beforeAll(async () => {
    setup();
    act(() => void api.info("warm-up"));
    await screen.findByText("warm-up");
    cleanup();
  });

  it("stacks at most five on screen, oldest dropped first", () => {
    setup();
    act(() => {
      for (let i = 1; i <= 6; i += 1) api.info(`message ${i}`);
    });
    const texts = shown();
    expect(texts).toHaveLength(5);
    expect(texts[0]).toContain("message 2");
    expect(texts[4]).toContain("message 6");
  });

  it("removes a success toast after 4000 ms and an error after 5000 ms", () => {
    vi.useFakeTimers();
    setup();
    act(() => {
      api.success("Saved");
      api.error("Payment failed, please try again later");
    });
    expect(shown()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(3999));
    expect(shown()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toContain("Payment failed");
    act(() => vi.advanceTimersByTime(999));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveLength(0);
  });

  it("closes on click, announces errors as alerts and shows a progress bar timed to the duration", () => {
    setup();
    act(() => void api.error("Failed"));
    const toast = screen.getByRole("alert");
    // The announced part sits inside a list item of the notifications list (a role on the <li> would break the list).
    const item = toast.closest("li")!;
    expect(item.parentElement?.tagName).toBe("OL");
    const bar = item.querySelector<HTMLElement>(".ui-toast-progress");
    expect(bar?.style.animationDuration).toBe("5000ms");
    expect(document.querySelector('[aria-live="polite"]')?.contains(toast)).toBe(true);
    fireEvent.click(toast);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("pauses the countdown while hovered", () => {
    vi.useFakeTimers();
    setup();
    act(() => void api.warning("Low balance"));
    act(() => vi.advanceTimersByTime(3000));
    const toast = screen.getByRole("status");
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toHaveLength(1);
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(999));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveLength(0);
  });
});
