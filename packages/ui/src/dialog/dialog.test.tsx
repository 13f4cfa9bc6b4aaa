import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Drawer, Modal } from "./dialog";

function Opener({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Settings"
        description="Choose wisely"
      >
        <button type="button">First</button>
        <button type="button">Last</button>
      </Modal>
    </>
  );
}

/** Opens the dialog from a focused opener; its code is loaded on this first opening. */
async function openDialog() {
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole("dialog", { name: "Settings" });
  return { opener, dialog };
}

/** A press that starts and ends on `el`, as Headless UI's outside-click detection sees it. */
function press(el: Element) {
  fireEvent.pointerDown(el);
  fireEvent.mouseDown(el);
  fireEvent.pointerUp(el);
  fireEvent.mouseUp(el);
  fireEvent.click(el);
}

describe("Modal", () => {
  it("renders nothing while closed: no dialog, no portal", () => {
    render(<Opener />);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.querySelector("[data-headlessui-portal]")).toBeNull();
  });

  it("is labelled by its title, described, modal, and takes focus", async () => {
    render(<Opener />);
    const { dialog } = await openDialog();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe("Choose wisely");
    await waitFor(() => expect(document.activeElement).toBe(dialog));
  });

  it("closes on Escape and returns focus to the opener", async () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const { opener } = await openDialog();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("dialog")));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("closes on a backdrop click but not on a click inside", async () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    await openDialog();
    press(screen.getByRole("button", { name: "First" }));
    expect(onClose).not.toHaveBeenCalled();
    press(screen.getByTestId("dialog-backdrop"));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("locks the page's scroll while open and restores it after", async () => {
    render(<Opener />);
    await openDialog();
    expect(document.documentElement.style.overflow).toBe("hidden");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(document.documentElement.style.overflow).toBe(""));
  });
});

describe("the page behind", () => {
  it("is inert and hidden from screen readers while open, every time; body-level layers (overlay, toasts) are not", async () => {
    const layer = document.createElement("div");
    layer.setAttribute("data-ui-layer", "");
    document.body.append(layer);
    const { container } = render(<Opener />);
    // A second opening too: a freshly mounted open dialog once skipped the inert page.
    for (let round = 0; round < 2; round++) {
      await openDialog();
      await waitFor(() => expect(container.inert).toBe(true));
      expect(container.getAttribute("aria-hidden")).toBe("true");
      expect(layer.inert).toBe(false);
      expect(layer.hasAttribute("aria-hidden")).toBe(false);
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
      await waitFor(() => expect(container.inert).toBe(false));
      expect(container.hasAttribute("aria-hidden")).toBe(false);
    }
    layer.remove();
  });
});

describe("Drawer", () => {
  it("renders as a drawer with the same dialog semantics", async () => {
    render(
      <Drawer open onClose={() => {}} title="Menu">
        <p>Body</p>
      </Drawer>,
    );
    await screen.findByRole("dialog", { name: "Menu" });
    const panel = screen.getByTestId("dialog-panel");
    expect(panel.getAttribute("data-variant")).toBe("drawer");
    expect(panel.className).toContain("rounded-t-2xl");
  });

  it("keeps the dialog open on a backdrop click when closeOnBackdrop is false", async () => {
    const onClose = vi.fn();
    render(
      <Drawer open onClose={onClose} title="Menu" closeOnBackdrop={false}>
        <p>Body</p>
      </Drawer>,
    );
    await screen.findByRole("dialog", { name: "Menu" });
    press(screen.getByTestId("dialog-backdrop"));
    expect(onClose).not.toHaveBeenCalled();
    act(() => screen.getByRole("button", { name: "Close" }).click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
