import type { StoredLoreEntry } from "../../schema/index";

// World info for the seeded stories where the characters need facts the persona cannot hold: the
// places, objects and people the recent turns name. Keyed by story id; a story without an entry here
// has no lorebook. Entries follow the contract's LoreEntry bounds (the seed test checks them).

const entry = (e: Pick<StoredLoreEntry, "name" | "keys" | "content"> & Partial<StoredLoreEntry>): StoredLoreEntry => ({
  always: false,
  priority: 50,
  position: "after_persona",
  share: 10,
  ...e,
});

export const seedLorebooks: Readonly<Record<string, StoredLoreEntry[]>> = {
  "the-last-ember": [
    entry({
      name: "Kethmar",
      keys: ["Kethmar", "valley", "/ash[- ]?grey/i"],
      content: "Kethmar is an ash-grey valley where the dragons' fires once kept the snow away. Since the last dragon died, winter never fully leaves; villagers burn furniture and blame the Pale Order for the cold.",
    }),
    entry({
      name: "The Pale Order",
      keys: ["Pale Order", "Aldric", "knight", "knights"],
      content: "The Pale Order is a brotherhood of knights sworn to end 'the age of fire'. They wear undyed wool and carry iron lanterns that hold no flame. Their vows forbid lying, which Sir Aldric takes seriously even when it costs him.",
      priority: 60,
    }),
    entry({
      name: "The egg",
      keys: ["egg", "Cinder", "/hatch(es|ing)?/i"],
      content: "The last dragon egg must stay warm through the night or it will go still forever. It pulses orange when content and grey when frightened, and it can speak only to whoever holds it. If it hatches near a lantern of the Pale Order, the lantern lights.",
      priority: 70,
    }),
  ],
  "murder-on-the-night-ferry": [
    entry({
      name: "Cabin 7",
      keys: ["cabin 7", "cabin seven", "locked", "/the (dead|murdered) man/i"],
      content: "Cabin 7 was booked under the name 'H. Lisle'. The door locks from inside with a bolt and from outside with a key; the purser's master key and the cabin key are the only two, and the cabin key was found in the dead man's pocket.",
      priority: 70,
    }),
    entry({
      name: "The queen of spades",
      keys: ["queen of spades", "playing card", "card"],
      content: "The queen of spades pinned to the lapel comes from a deck with a blue ferry-line back, sold only in the ship's bar. The bar's one open deck is missing exactly that card.",
    }),
    entry({
      name: "The storm",
      keys: ["storm", "gale", "radio", "captain"],
      content: "A force-nine gale: the captain will not turn back, the radio mast was struck an hour ago, and nobody can leave the ship before it docks at dawn.",
      position: "before_turns",
      priority: 40,
    }),
  ],
};
