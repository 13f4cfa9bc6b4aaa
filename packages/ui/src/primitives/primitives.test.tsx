import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "./avatar";
import { Button, IconButton } from "./button";
import { DiamondIcon } from "./icons";
import { PageFrame } from "./page-frame";
import { EmptyState } from "./states";
import { TextField } from "./text-field";

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

  it("TextField ties its hint and error to the input and marks it invalid only with an error", () => {
    const { rerender } = render(<TextField id="email" label="E-mail" hint="We never share it." />);
    const input = screen.getByLabelText("E-mail");
    expect(input.getAttribute("aria-describedby")).toBe("email-hint");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    rerender(<TextField id="email" label="E-mail" hint="We never share it." error="Enter a valid address." />);
    expect(input.getAttribute("aria-describedby")).toBe("email-hint email-error");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("email-error")?.textContent).toBe("Enter a valid address.");
  });

  it("PageFrame gives the page its one heading and the lead under it", () => {
    render(
      <PageFrame title="Your coins" lead="Top up any time.">
        <p>body</p>
      </PageFrame>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your coins");
    expect(screen.getByText("Top up any time.").tagName).toBe("P");
  });
});
