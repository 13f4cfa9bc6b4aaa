import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { errorTitle, isBot } from "./error-content";
import { ErrorDetail } from "./error-detail";
import { ErrorPage } from "./error-page";

describe("errorTitle", () => {
  it.each([
    [404, "Page Not Found"],
    [500, "Server Error"],
    [0, "Connection Error"],
    [-1, "Connection Error"],
    [503, "Something Went Wrong"],
    [403, "Something Went Wrong"],
    [undefined, "Something Went Wrong"],
  ])("status %s → %s", (status, title) => {
    expect(errorTitle(status)).toBe(title);
  });
});

describe("ErrorPage", () => {
  it("shows the 404 title, the detail line, actions and a support link", () => {
    render(<ErrorPage status={404} supportEmail="support@storyloom.ai" detail="Page Not Found: /nope" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page Not Found");
    expect(screen.getByText("Page Not Found: /nope")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("button", { name: "Go Back" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    const mail = screen.getByRole("link", { name: "Contact support" }).getAttribute("href") ?? "";
    expect(mail.startsWith("mailto:support@storyloom.ai?subject=")).toBe(true);
    expect(screen.getByText("Check the address for typos.")).toBeTruthy();
  });

  it("gives connection errors their own title and suggestions", () => {
    render(<ErrorPage status={0} supportEmail="support@playshot.ai" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Connection Error");
    expect(screen.getByText("Check your internet connection.")).toBeTruthy();
    expect(screen.queryByText("Check the address for typos.")).toBeNull();
  });

  it("renders a string detail in its box, and a node detail as given (it brings its own box)", () => {
    const { unmount } = render(<ErrorPage status={404} supportEmail="s@x.test" detail={<span data-testid="own">later</span>} />);
    expect(screen.getByTestId("own").parentElement?.tagName).toBe("MAIN");
    unmount();
    render(<ErrorPage status={404} supportEmail="s@x.test" detail={<ErrorDetail>Page Not Found: /x</ErrorDetail>} />);
    expect(screen.getByText("Page Not Found: /x").className).toContain("font-mono");
  });

  it("calls the given back and reload handlers", () => {
    const onGoBack = vi.fn();
    const onReload = vi.fn();
    render(<ErrorPage status={500} supportEmail="s@x.test" onGoBack={onGoBack} onReload={onReload} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Server Error");
    fireEvent.click(screen.getByRole("button", { name: "Go Back" }));
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(onGoBack).toHaveBeenCalledTimes(1);
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe("isBot", () => {
  it("recognises crawlers and link previewers", () => {
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "TelegramBot (like TwitterBot)",
      "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
    ]) {
      expect(isBot(ua), ua).toBe(true);
    }
  });

  it("lets people and our own headless test browser through", () => {
    for (const ua of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 12; Cubot Note 30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36",
      "",
    ]) {
      expect(isBot(ua), ua).toBe(false);
    }
    expect(isBot(null)).toBe(false);
  });
});
