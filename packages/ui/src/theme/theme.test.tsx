import { act, render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY, ThemeScript, themeInitScript } from "./theme-script";
import { readStoredTheme, setTheme, useTheme } from "./use-theme";

const html = document.documentElement;
// Runs the head script the way the browser would, before React.
const runInitScript = () => new Function(themeInitScript())();

function Toggle() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      {theme}
    </button>
  );
}

describe("theme", () => {
  beforeEach(() => html.removeAttribute("data-theme"));

  it("defaults to dark when nothing (or nonsense) is stored", () => {
    runInitScript();
    expect(html.getAttribute("data-theme")).toBe("dark");
    window.localStorage.setItem(THEME_STORAGE_KEY, "purple");
    runInitScript();
    expect(html.getAttribute("data-theme")).toBe("dark");
    expect(readStoredTheme()).toBe("dark");
  });

  it("applies a stored light theme before React renders", () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, "light");
    runInitScript();
    expect(html.getAttribute("data-theme")).toBe("light");
    expect(html.style.colorScheme).toBe("light");
  });

  it("persists a toggle to localStorage and survives a 'reload'", () => {
    runInitScript();
    render(<Toggle />);
    const button = screen.getByRole("button");
    expect(button.textContent).toBe("dark");
    act(() => button.click());
    expect(button.textContent).toBe("light");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    expect(html.getAttribute("data-theme")).toBe("light");

    html.removeAttribute("data-theme");
    runInitScript();
    expect(html.getAttribute("data-theme")).toBe("light");
    act(() => button.click());
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
  });

  it("updates every useTheme reader when setTheme is called outside React", () => {
    runInitScript();
    render(<Toggle />);
    act(() => setTheme("light"));
    expect(screen.getByRole("button").textContent).toBe("light");
  });

  it("server-renders the init script for the document head", () => {
    const markup = renderToStaticMarkup(<ThemeScript nonce="abc" />);
    expect(markup.startsWith('<script nonce="abc">')).toBe(true);
    expect(markup).toContain(`localStorage.getItem("${THEME_STORAGE_KEY}")`);
  });
});
