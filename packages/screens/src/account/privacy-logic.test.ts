import { describe, expect, it } from "vitest";
import { dayText, deletionSteps, exportFileName, exportText } from "./privacy-logic";

describe("the settings page's privacy rights", () => {
  it("names the export after the brand and the day", () => {
    expect(exportFileName("Storyloom", new Date("2026-11-28T23:59:00Z"))).toBe("storyloom-data-2026-11-28.json");
    expect(exportFileName("Play Shot!", new Date("2026-01-02T00:00:00Z"))).toBe("play-shot-data-2026-01-02.json");
    expect(exportFileName("", new Date("2026-01-02T00:00:00Z"))).toBe("account-data-2026-01-02.json");
  });
  it("writes the export as readable JSON that parses back to the same data", () => {
    const data = { profile: { name: "Ada" }, chats: [{ content: "“hi”\n" }] };
    const text = exportText(data);
    expect(text).toContain('\n  "profile"');
    expect(JSON.parse(text)).toEqual(data);
  });
  it("shows stored times as a day, and leaves an unreadable one as it is", () => {
    expect(dayText("2026-11-28T10:00:00.000Z")).toBe("28 November 2026");
    expect(dayText("soon")).toBe("soon");
  });
  it("says the deletion window and that the ledger stays anonymised", () => {
    const steps = deletionSteps();
    expect(steps.join(" ")).toMatch(/Within 30 days/);
    expect(steps.join(" ")).toMatch(/without your name/);
  });
});
