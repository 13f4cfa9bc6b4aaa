import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as ui from "../index";
import { ToastProvider, useToast } from "./toast-provider";

const shown = () => Array.from(document.querySelectorAll("[data-toast-kind]")).map((el) => el.textContent ?? "");

// Spec section 8: the message instance (the toast stack code outside React talks to) registers
// within 5 s, or a warning is logged.
describe("toast instance registration", () => {
  // A toast's code loads lazily (toast-provider.tsx): once here, as a page does when it is idle.
  beforeAll(async () => {
    function WarmUp() {
      const { show } = useToast();
      useEffect(() => void show({ message: "warm-up" }), [show]);
      return null;
    }
    render(
      <ToastProvider>
        <WarmUp />
      </ToastProvider>,
    );
    await screen.findByText("warm-up");
    cleanup();
  });

  it("a toast asked for before the provider mounts waits for it and shows once it registers", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(ui.TOAST_REGISTRATION_TIMEOUT_MS).toBe(5000);
    const id = ui.showToast({ message: "Saved before mount", kind: "success" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    render(<ToastProvider>{null}</ToastProvider>);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(await id).toMatch(/^toast-/);
    expect(shown().some((text) => text.includes("Saved before mount"))).toBe(true);
    // Registered in time: no warning, even after the deadline.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("without a provider, warns after 5 s and drops the toast; an instance that unmounts is unregistered", async () => {
    const view = render(<ToastProvider>{null}</ToastProvider>);
    view.unmount();
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const id = ui.showToast({ message: "Nobody listens" });
    await vi.advanceTimersByTimeAsync(4999);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await id).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/not registered within 5000 ms/);
  });

  it("a mounted provider answers at once", async () => {
    render(<ToastProvider>{null}</ToastProvider>);
    const instance = await ui.waitForToastInstance();
    expect(instance).not.toBeNull();
    act(() => void instance!.error("Right away"));
    expect(shown().some((text) => text.includes("Right away"))).toBe(true);
  });
});
