import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@storyloom/contract";
import { characterOf, sceneLines, sceneTurnOf } from "./chat-side-logic";

const msg = (id: string): ChatMessage => ({ id, role: "narrator", actor_id: null, content: "x", created_at: "2026-01-01T00:00:00.000Z" });

describe("the panel beside the chat", () => {
  it("lists the scene's place, speaker and goal in the prompt's order, leaving out what is not named", () => {
    expect(sceneLines({ scene: "Rooftop", speaker: "Juno", goal: "Win her trust" })).toEqual([
      { term: "Where", value: "Rooftop" },
      { term: "Speaking now", value: "Juno" },
      { term: "Goal", value: "Win her trust" },
    ]);
    expect(sceneLines({ scene: null, speaker: null, goal: "Get out" })).toEqual([{ term: "Goal", value: "Get out" }]);
    expect(sceneLines({ scene: null, speaker: null, goal: null })).toEqual([]);
    expect(sceneLines({ scene: "", speaker: null, goal: null })).toEqual([]);
  });

  it("shows the character spoken to, and none when the chat plays the story as a whole", () => {
    const cast = { juno: { name: "Juno", avatarUrl: "/j.webp", tagline: "a pilot" } };
    expect(characterOf(cast, "juno")).toEqual(cast.juno);
    expect(characterOf(cast, null)).toBeNull();
    expect(characterOf(cast, "someone-else")).toBeNull();
  });

  it("reads the scene again after any turn, a switch to a branch of the same length included", () => {
    expect(sceneTurnOf([])).toBe("0:");
    const a = sceneTurnOf([msg("1"), msg("2")]);
    expect(sceneTurnOf([msg("1"), msg("2")])).toBe(a);
    expect(sceneTurnOf([msg("1"), msg("2"), msg("3")])).not.toBe(a);
    expect(sceneTurnOf([msg("1"), msg("7")])).not.toBe(a);
  });
});
