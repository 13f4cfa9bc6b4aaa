import type { PricePackage } from "@storyloom/contract";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PurchaseDialog, type PurchaseDialogProps } from "./purchase-dialog";

const packages: PricePackage[] = [
  { id: "p1", name: "Starter", amount: 499, coins: 500, extra: {} },
  { id: "p2", name: "Popular", amount: 1999, coins: 2200, extra: { discount_percent: 20, background_url: "https://cdn.test/bg.webp" } },
  { id: "p3", name: "Best", amount: 4999, coins: 6000, extra: { discount_percent: 0, background_url: null } },
];

function renderDialog(props: Partial<PurchaseDialogProps> = {}) {
  const handlers = { onClose: vi.fn(), onSelect: vi.fn(), onPurchase: vi.fn(), onRetry: vi.fn() };
  render(<PurchaseDialog open packages={packages} selectedId={null} {...handlers} {...props} />);
  return handlers;
}

// The dialog's code (Headless UI) loads on a dialog's first opening; open one once so every test
// below renders synchronously.
beforeAll(async () => {
  renderDialog();
  await screen.findByRole("dialog");
  cleanup();
});

const purchaseButton = () => screen.getByRole("button", { name: /Purchase Now|Processing/ });

describe("PurchaseDialog", () => {
  it("is a modal dialog labelled 'Purchase'", () => {
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Purchase" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
  });

  it("shows exactly three skeletons and no packages while loading", () => {
    renderDialog({ loading: true, packages: undefined });
    expect(screen.getAllByTestId("package-skeleton")).toHaveLength(3);
    expect(screen.queryByRole("radio")).toBeNull();
    expect(purchaseButton().hasAttribute("disabled")).toBe(true);
  });

  it("shows dollars with two decimals, coins and the discount badge only when there is one", () => {
    renderDialog();
    const radios = screen.getAllByRole("radio");
    expect(radios).toHaveLength(3);
    expect(radios[0]?.textContent).toContain("$4.99");
    expect(radios[0]?.textContent).toContain("500 coins");
    expect(radios[1]?.textContent).toContain("$19.99");
    expect(radios[1]?.textContent).toContain("2,200 coins");
    expect(radios[2]?.textContent).toContain("$49.99");
    expect(within(radios[1] as HTMLElement).getByText("20% OFF")).toBeTruthy();
    expect(radios[0]?.textContent).not.toContain("OFF");
    expect(radios[2]?.textContent).not.toContain("OFF");
    expect(radios[1]?.querySelector("img")?.getAttribute("src")).toBe("https://cdn.test/bg.webp");
    expect(radios[0]?.querySelector("img")).toBeNull();
  });

  it("highlights only the selected package and reports clicks", () => {
    const { onSelect } = renderDialog({ selectedId: "p2" });
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("aria-checked"))).toEqual(["false", "true", "false"]);
    expect(radios[1]?.className).toContain("border-brand");
    expect(radios[0]?.className).not.toContain("border-brand");
    fireEvent.click(radios[2] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith("p3");
  });

  it("disables Purchase Now without a selection and enables it with one", () => {
    renderDialog();
    expect(purchaseButton().textContent).toBe("Purchase Now");
    expect(purchaseButton().hasAttribute("disabled")).toBe(true);
    cleanupAndRender({ selectedId: "p1" });
    expect(purchaseButton().hasAttribute("disabled")).toBe(false);
  });

  it("buys the selected package", () => {
    const { onPurchase } = renderDialog({ selectedId: "p3" });
    fireEvent.click(purchaseButton());
    expect(onPurchase).toHaveBeenCalledWith(packages[2]);
  });

  it("reads 'Processing...' with a spinner and is disabled while paying", () => {
    const { onPurchase, onSelect } = renderDialog({ selectedId: "p1", paying: true });
    const button = purchaseButton();
    expect(button.textContent).toBe("Processing...");
    expect(button.textContent).not.toContain("Purchase Now");
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelector(".ui-spinner")).not.toBeNull();
    fireEvent.click(button);
    expect(onPurchase).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole("radio")[1] as HTMLElement);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("shows the price-list error with a working retry", () => {
    const { onRetry } = renderDialog({ error: true, packages: undefined });
    expect(screen.getByRole("alert").textContent).toBe("Failed to fetch price list");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("moves the selection with arrow keys, wrapping, and keeps one tab stop", () => {
    function Harness() {
      const [selected, setSelected] = useState<string | null>("p1");
      return <PurchaseDialog open packages={packages} selectedId={selected} onSelect={setSelected} onClose={() => {}} onPurchase={() => {}} />;
    }
    render(<Harness />);
    const group = screen.getByRole("radiogroup");
    const checked = () => screen.getAllByRole("radio").findIndex((radio) => radio.getAttribute("aria-checked") === "true");
    fireEvent.keyDown(group, { key: "ArrowRight" });
    expect(checked()).toBe(1);
    expect(document.activeElement?.getAttribute("data-package-id")).toBe("p2");
    fireEvent.keyDown(group, { key: "End" });
    expect(checked()).toBe(2);
    fireEvent.keyDown(group, { key: "ArrowDown" });
    expect(checked()).toBe(0);
    fireEvent.keyDown(group, { key: "ArrowLeft" });
    expect(checked()).toBe(2);
    expect(screen.getAllByRole("radio").map((radio) => radio.tabIndex)).toEqual([-1, -1, 0]);
  });

  it("is a bottom drawer below 768px and a 600px modal from 768px", () => {
    const mockWidth = (wide: boolean) =>
      vi.spyOn(window, "matchMedia").mockImplementation(
        (query: string) =>
          ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
      );
    mockWidth(false);
    renderDialog();
    expect(screen.getByTestId("dialog-panel").getAttribute("data-variant")).toBe("drawer");
    expect(screen.getByTestId("dialog-panel").className).toContain("md:w-[600px]");
    cleanupAndRender({}, () => mockWidth(true));
    expect(screen.getByTestId("dialog-panel").getAttribute("data-variant")).toBe("modal");
  });
});

function cleanupAndRender(props: Partial<PurchaseDialogProps>, before?: () => void) {
  cleanup();
  before?.();
  return renderDialog(props);
}
