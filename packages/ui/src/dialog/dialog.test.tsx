import { act, fireEvent, render, screen } from "@testing-library/react";
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
      >
        <button type="button">First</button>
        <button type="button">Last</button>
      </Modal>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe("Modal", () => {
  it("is labelled by its title, modal, and takes focus", () => {
    render(<Opener />);
    openDialog();
    const dialog = screen.getByRole("dialog", { name: "Settings" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
  });

  it("closes on Escape and returns focus to the opener", () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const opener = openDialog();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on a backdrop click but not on a click inside", () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    openDialog();
    fireEvent.mouseDown(screen.getByRole("button", { name: "First" }));
    fireEvent.click(screen.getByRole("button", { name: "First" }));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByTestId("dialog-backdrop");
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("locks body scroll while open and restores it after", () => {
    document.body.style.overflow = "auto";
    render(<Opener />);
    openDialog();
    expect(document.body.style.overflow).toBe("hidden");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(document.body.style.overflow).toBe("auto");
  });

  it("traps Tab inside the dialog in both directions", () => {
    render(<Opener />);
    openDialog();
    const close = screen.getByRole("button", { name: "Close" });
    const last = screen.getByRole("button", { name: "Last" });
    act(() => last.focus());
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

describe("focus layers", () => {
  it("lets focus move to the loading overlay or toasts above an open dialog", () => {
    render(<Opener />);
    openDialog();
    const layer = document.createElement("div");
    layer.setAttribute("data-ui-layer", "");
    layer.tabIndex = -1;
    document.body.append(layer);
    act(() => layer.focus());
    expect(document.activeElement).toBe(layer);
    const elsewhere = document.createElement("button");
    document.body.append(elsewhere);
    act(() => elsewhere.focus());
    expect(document.activeElement).toBe(screen.getByRole("dialog"));
    layer.remove();
    elsewhere.remove();
  });
});

describe("Drawer", () => {
  it("renders as a drawer with the same dialog semantics", () => {
    render(
      <Drawer open onClose={() => {}} title="Menu">
        <p>Body</p>
      </Drawer>,
    );
    const dialog = screen.getByRole("dialog", { name: "Menu" });
    expect(dialog.getAttribute("data-variant")).toBe("drawer");
    expect(dialog.className).toContain("rounded-t-2xl");
  });
});
