import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { compileScript, installInkGuard } from "@storyloom/story-script";
import * as ink from "inkjs/full";
import { InkPreview } from "./ink-preview";
import { play } from "./play";

const LAMP_ROOM = `The lamp room hums.
# speaker: Wren
"Up to the light, or down to the cellar?"
* [Climb to the lamp] -> top
* [Go down to the cellar] -> cellar

== top ==
Stars, everywhere.
-> END

== cellar ==
Cold stone.
-> END
`;

function compiled(source: string): string {
  const c = compileScript(source);
  if (!c.ok) throw new Error(c.errors.map((e) => e.message).join("; "));
  return c.json;
}

beforeAll(() => installInkGuard(ink.Story));

describe("play", () => {
  const json = compiled(LAMP_ROOM);

  it("tells the opening up to the first choice, naming the speaker of a tagged line", () => {
    const p = play(ink, json, []);
    expect(p.entries).toEqual([
      { kind: "line", speaker: null, text: "The lamp room hums." },
      { kind: "line", speaker: "Wren", text: '"Up to the light, or down to the cellar?"' },
    ]);
    expect(p.choices.map((c) => c.text)).toEqual(["Climb to the lamp", "Go down to the cellar"]);
    expect(p.ended).toBe(false);
  });

  it("follows a path of choices to an ending and cuts a path the script no longer has", () => {
    const p = play(ink, json, [1]);
    expect(p.entries.slice(2)).toEqual([
      { kind: "choice", speaker: null, text: "Go down to the cellar" },
      { kind: "line", speaker: null, text: "Cold stone." },
    ]);
    expect(p.ended).toBe(true);
    expect(play(ink, json, [5, 0]).path).toEqual([]);
  });

  it("stops a script that runs on without a choice with an error, not a frozen page", () => {
    const p = play(ink, compiled("-> loop\n== loop ==\n-> loop\n"), []);
    expect(p.error).toMatch(/runs on without a choice/);
    expect(p.ended).toBe(false);
    expect(p.choices).toEqual([]);
  });
});

describe("InkPreview", () => {
  it("asks for a compiled script while there is none", () => {
    render(<InkPreview json={null} />);
    expect(screen.getByText(/plays your script as soon as it compiles/)).toBeTruthy();
  });

  it("plays with the keyboard-reachable choice buttons, to The End, and restarts", async () => {
    render(<InkPreview json={compiled(LAMP_ROOM)} />);
    const transcript = await screen.findByRole("list", { name: "Preview transcript" });
    expect(within(transcript).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["The lamp room hums.", 'Wren: "Up to the light, or down to the cellar?"']);
    const restart = screen.getByRole("button", { name: "Restart preview" });
    expect(restart.hasAttribute("disabled")).toBe(true);
    fireEvent.click(within(screen.getByRole("group", { name: "Preview choices" })).getByRole("button", { name: "Climb to the lamp" }));
    expect(within(transcript).getAllByRole("listitem").map((li) => li.textContent).slice(2)).toEqual(["Climb to the lamp", "Stars, everywhere."]);
    expect(screen.getByRole("status").textContent).toBe("The End");
    fireEvent.click(restart);
    expect(within(transcript).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("group", { name: "Preview choices" })).toBeTruthy();
  });
});
