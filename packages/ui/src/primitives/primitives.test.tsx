import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar";
import { Button, IconButton } from "./button";
import { DiamondIcon } from "./icons";
import { EmptyState } from "./states";

describe("primitives", () => {
  it("Button in loading state is disabled, busy and can swap its label", () => {
    render(
      <Button loading loadingText="Saving...">
        Save
      </Button>,
    );
    const button = screen.getByRole("button");
    expect(button.textContent).toBe("Saving...");
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
  });

  it("IconButton is named by its label; DiamondIcon is hidden from assistive tech", () => {
    render(
      <IconButton label="Close">
        <DiamondIcon />
      </IconButton>,
    );
    const button = screen.getByRole("button", { name: "Close" });
    expect(button.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("Avatar falls back to initials and keeps the name as its accessible label", () => {
    render(<Avatar name="Ada Lovelace" />);
    const avatar = screen.getByRole("img", { name: "Ada Lovelace" });
    expect(avatar.textContent).toBe("AL");
  });

  it("EmptyState shows its title and action", () => {
    render(<EmptyState title="No stories yet" action={<Button>Browse</Button>} />);
    expect(screen.getByText("No stories yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Browse" })).toBeTruthy();
  });
});
