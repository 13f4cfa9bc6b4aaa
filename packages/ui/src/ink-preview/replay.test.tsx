import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { compileScript, installInkGuard } from "@storyloom/story-script";
import * as ink from "inkjs/full";
import { InkPreview } from "./ink-preview";
import { play, type PathStep } from "./play";

// Play-as-you-write: a path taken in one version of the script is replayed in the next.
const HARBOUR = `VAR courage = 0
The harbour is quiet.
* [Climb to the lamp] -> lamp
* [Go home] -> home

== lamp ==
Stone steps.
~ courage = courage + 1
* [Look out to sea] -> sea
* {courage > 1} [Jump] -> home

== sea ==
Ships, far out.
-> END

== home ==
You are home.
-> END
`;

function compiled(source: string): string {
  const c = compileScript(source);
  if (!c.ok) throw new Error(c.errors.map((e) => e.message).join("; "));
  return c.json;
}

const texts = (source: string, path: PathStep[]) =>
  play(ink, compiled(source), path).entries.map((e) => e.text);

beforeAll(() => installInkGuard(ink.Story));

describe("replaying a path after an edit", () => {
  const first = play(ink, compiled(HARBOUR), [0, 0]);
  const path = first.path;

  it("records each step with its text", () => {
    expect(path).toEqual([
      { index: 0, text: "Climb to the lamp", of: 2 },
      { index: 0, text: "Look out to sea", of: 1 },
    ]);
    expect(first.ended).toBe(true);
    expect(first.broke).toBeNull();
  });

  it("keeps its place when a line before the path changes", () => {
    const edited = HARBOUR.replace("The harbour is quiet.", "The harbour is loud.");
    expect(texts(edited, path)).toEqual([
      "The harbour is loud.",
      "Climb to the lamp",
      "Stone steps.",
      "Look out to sea",
      "Ships, far out.",
    ]);
  });

  it("keeps its place when a line inside the path changes, a choice is reworded, or one is added before it", () => {
    const inside = HARBOUR.replace("Stone steps.", "Worn stone steps.").replace(
      "[Climb to the lamp]",
      "[Climb the lamp stair]",
    );
    const p = play(ink, compiled(inside), path);
    expect(p.entries.map((e) => e.text)).toEqual([
      "The harbour is quiet.",
      "Climb the lamp stair",
      "Worn stone steps.",
      "Look out to sea",
      "Ships, far out.",
    ]);
    expect(p.broke).toBeNull();
    const added = HARBOUR.replace("* [Climb to the lamp]", "* [Swim] -> home\n* [Climb to the lamp]");
    expect(play(ink, compiled(added), path).path.map((s) => s.text)).toEqual([
      "Climb to the lamp",
      "Look out to sea",
    ]);
  });

  it("keeps its place when a line after the path changes", () => {
    const after = HARBOUR.replace("You are home.", "Home, at last.");
    expect(texts(after, path)).toEqual(texts(HARBOUR, path));
  });

  it("says at which step the path broke and stops there", () => {
    const removed = HARBOUR.replace(
      "* [Look out to sea] -> sea\n",
      "* [Go down] -> home\n* [Wait] -> home\n",
    );
    const p = play(ink, compiled(removed), path);
    expect(p.broke).toEqual({ step: 2, text: "Look out to sea" });
    expect(p.path).toHaveLength(1);
    expect(p.entries.at(-1)!.text).toBe("Stone steps.");
    expect(p.choices.map((c) => c.text)).toEqual(["Go down", "Wait"]);
  });

  it("shows variables and visit counts, and applies a value the author set from its step on", () => {
    const json = compiled(HARBOUR);
    const p = play(ink, json, path.slice(0, 1));
    expect(p.variables).toEqual([{ name: "courage", kind: "number", value: 1 }]);
    expect(p.visits).toEqual([{ knot: "lamp", count: 1 }]);
    expect(p.here).toBe("lamp");
    expect(p.choices.map((c) => c.text)).toEqual(["Look out to sea"]);
    const tried = play(ink, json, path.slice(0, 1), [{ at: 1, name: "courage", value: 5 }]);
    expect(tried.variables[0]!.value).toBe(6);
    expect(tried.choices.map((c) => c.text)).toEqual(["Look out to sea", "Jump"]);
    expect(play(ink, json, [], [{ at: 0, name: "nobody", value: 1 }]).sets).toEqual([]);
  });
});

describe("InkPreview replay", () => {
  it("keeps its place across a new version, tells where the path broke, and lets the author set a variable", async () => {
    const { rerender } = render(<InkPreview json={compiled(HARBOUR)} showState />);
    await screen.findByRole("list", { name: "Preview transcript" });
    const choose = (name: string) =>
      fireEvent.click(
        within(screen.getByRole("group", { name: "Preview choices" })).getByRole("button", { name }),
      );
    choose("Climb to the lamp");
    rerender(<InkPreview json={compiled(HARBOUR.replace("Stone steps.", "Worn steps."))} showState />);
    const transcript = screen.getByRole("list", { name: "Preview transcript" });
    expect(
      within(transcript)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["The harbour is quiet.", "Climb to the lamp", "Worn steps."]);

    const courage = screen.getByLabelText("courage");
    expect((courage as HTMLInputElement).value).toBe("1");
    fireEvent.change(courage, { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Set courage" }));
    expect(
      within(screen.getByRole("group", { name: "Preview choices" }))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Look out to sea", "Jump"]);
    expect(screen.getByRole("region", { name: "Visit counts" }).textContent).toContain("lamp ×1");

    rerender(
      <InkPreview
        json={compiled(HARBOUR.replace("[Climb to the lamp]", "[Swim] -> home\n* [Dive]"))}
        showState
      />,
    );
    expect(screen.getByText(/Your path broke at choice 1/).textContent).toContain("Climb to the lamp");
  });
});
