import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Drawer, Modal } from "./dialog";
import { SWIPE_FLICK_MIN_PX, swipeCloses } from "./use-swipe-to-close";

describe("swipeCloses", () => {
  it("closes past a quarter of the height, or on a quick downward flick", () => {
    expect(swipeCloses(100, 1000, 400)).toBe(true);
    expect(swipeCloses(99, 1000, 400)).toBe(false);
    expect(swipeCloses(60, 100, 400)).toBe(true); // 0.6 px/ms
    expect(swipeCloses(40, 100, 400)).toBe(false); // 0.4 px/ms
    expect(swipeCloses(SWIPE_FLICK_MIN_PX - 1, 1, 400)).toBe(false); // fast, but a twitch
    expect(swipeCloses(-300, 50, 400)).toBe(false); // upwards never closes
    expect(swipeCloses(0, 0, 0)).toBe(false);
  });
});

/** A drawer whose panel reports `height` px, with the grab area and the panel. */
async function renderDrawer(onClose: () => void, height = 400) {
  render(
    <Drawer open onClose={onClose} title="Purchase">
      <p>Body</p>
    </Drawer>,
  );
  await screen.findByRole("dialog");
  const panel = screen.getByTestId("dialog-panel");
  panel.getBoundingClientRect = () => ({ x: 0, y: 444, width: 390, height, top: 444, left: 0, right: 390, bottom: 444 + height, toJSON: () => ({}) });
  return { panel, grab: screen.getByTestId("dialog-grab") };
}

const at = (clientY: number) => ({ pointerId: 7, pointerType: "touch", clientY });

describe("Drawer swipe to close", () => {
  it("follows the finger down and closes when released past a quarter of its height", async () => {
    const onClose = vi.fn();
    const { panel, grab } = await renderDrawer(onClose);
    fireEvent.pointerDown(grab, at(100));
    fireEvent.pointerMove(grab, at(160));
    expect(panel.style.transform).toBe("translateY(60px)");
    fireEvent.pointerMove(grab, at(40)); // above the start: the sheet does not rise
    expect(panel.style.transform).toBe("translateY(0px)");
    fireEvent.pointerMove(grab, at(220));
    fireEvent.pointerUp(grab, at(220));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("springs back from a short drag and stays open", async () => {
    const onClose = vi.fn();
    const { panel, grab } = await renderDrawer(onClose);
    fireEvent.pointerDown(grab, at(100));
    fireEvent.pointerMove(grab, at(100 + SWIPE_FLICK_MIN_PX - 4));
    expect(panel.style.transform).toBe(`translateY(${SWIPE_FLICK_MIN_PX - 4}px)`);
    expect(panel.style.transition).toBe("none");
    fireEvent.pointerUp(grab, at(100 + SWIPE_FLICK_MIN_PX - 4));
    expect(onClose).not.toHaveBeenCalled();
    // Back to the stylesheet's slide (ui-sheet), from where it was let go.
    expect(panel.style.transform).toBe("");
    expect(panel.style.transition).toBe("");
    expect(panel.classList.contains("ui-sheet")).toBe(true);
  });

  it("does nothing on a cancelled gesture, a tap, or a press that starts on the close button", async () => {
    const onClose = vi.fn();
    const { panel, grab } = await renderDrawer(onClose);
    fireEvent.pointerDown(grab, at(100));
    fireEvent.pointerMove(grab, at(300));
    fireEvent.pointerCancel(grab, at(300));
    expect(panel.style.transform).toBe("");
    fireEvent.pointerDown(grab, at(100));
    fireEvent.pointerMove(grab, at(102)); // within the slop: a tap
    expect(panel.style.transform).toBe("");
    fireEvent.pointerUp(grab, at(102));
    const close = screen.getByRole("button", { name: "Close" });
    fireEvent.pointerDown(close, at(100));
    fireEvent.pointerMove(close, at(300));
    fireEvent.pointerUp(close, at(300));
    expect(panel.style.transform).toBe("");
    expect(onClose).not.toHaveBeenCalled();
    act(() => close.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("is a drawer gesture only: a modal ignores it", async () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Purchase">
        <p>Body</p>
      </Modal>,
    );
    await screen.findByRole("dialog");
    const grab = screen.getByTestId("dialog-grab");
    fireEvent.pointerDown(grab, at(100));
    fireEvent.pointerMove(grab, at(400));
    fireEvent.pointerUp(grab, at(400));
    expect(screen.getByTestId("dialog-panel").style.transform).toBe("");
    expect(screen.getByTestId("dialog-panel").classList.contains("ui-sheet")).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
