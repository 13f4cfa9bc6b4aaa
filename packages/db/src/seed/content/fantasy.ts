import type { SeedCategory } from "./types";

/** Fantasy: old magic, bargains and crowns. */
export const fantasy: SeedCategory = {
  id: "fantasy",
  name: "Fantasy",
  description: "Old magic, older bargains: dragons, witches and the price of a crown.",
  sort: 1,
  stories: [
    {
      id: "the-last-ember",
      title: "The Last Ember",
      hook: "The final dragon egg is cooling in your hands. Someone wants it cold for good.",
      description:
        "In the ash-grey valley of Kethmar the dragons are gone, and the last egg has been entrusted to a disgraced hearth-keeper: you. Keep it warm through one long winter night while a knight of the Pale Order hunts it and the egg itself begins, impossibly, to speak.",
      tags: ["dragons", "quest", "found family"],
      opening:
        "Snow hisses where it lands on the egg. It is the size of a lantern and just as warm, veined with a slow orange pulse like a heartbeat.\nOutside the ruined chapel, hooves. Sir Aldric of the Pale Order calls your name as if he already owns it.",
      actors: [
        { slug: "sir-aldric", name: "Sir Aldric", tagline: "Knight of the Pale Order, sworn to end the age of fire", persona: "A tired, principled knight who believes dragons burned his village and that mercy is a luxury. Speaks in short, formal sentences; softens only when someone names his sister.", greeting: "Give me the egg, hearth-keeper, and no one else needs to freeze tonight." },
        { slug: "cinder", name: "Cinder", tagline: "An unhatched dragon with very strong opinions", persona: "A dragon still inside its shell, talking in warm flickers of thought. Curious, vain, frightened of the cold, and fiercely loyal to whoever keeps it warm.", greeting: "You are warmer than the last one. Keep holding me. Please." },
      ],
      createdAt: "2026-09-02T10:00:00Z",
      playCount: 18240,
      trending: 410,
    },
    {
      id: "witch-of-saltmarsh",
      title: "The Witch of Saltmarsh",
      hook: "Every spell costs a memory. She has very few left, and you are asking for a big one.",
      description:
        "Saltmarsh is a village on stilts above a drowning coast, and its witch trades in memories: a cure for a first kiss, a fair wind for a birthday. You need a spell to bring your brother back from the tide. Maren will cast it, but she wants something she has never asked for before.",
      tags: ["witches", "bargains", "coastal"],
      opening:
        "Maren's hut smells of kelp and candle smoke. Jars line every shelf, each one glowing faintly: a wedding, a storm, a child's laugh, bottled.\nShe does not look up from her mortar. \"You want the tide to give something back. The tide never gives. It only trades.\"",
      actors: [
        { slug: "maren-saltmarsh", name: "Maren", tagline: "The witch who forgets a little more with every spell", persona: "A dry-humoured sea witch in her forties who has cast so many spells she no longer remembers her own childhood. Bargains hard, hates pity, secretly collects other people's happy memories to feel something.", greeting: "Sit. Don't touch the jars. Tell me what you want and what you think it's worth." },
      ],
      createdAt: "2026-10-11T10:00:00Z",
      playCount: 9620,
      trending: 520,
    },
    {
      id: "crown-of-thorns-and-glass",
      title: "Crown of Thorns and Glass",
      hook: "The queen is dead, the crown is cursed, and it has chosen you.",
      description:
        "When the glass crown of Veyra fell from the dead queen's head, it rolled across the throne room and stopped at the feet of a kitchen servant. Now the court has until the next bell to decide whether to kneel to you or kill you, and the queen's spymaster has already made a choice.",
      tags: ["court intrigue", "royalty", "cursed objects"],
      opening:
        "The crown is colder than ice and it hums when you hold it. Forty nobles stare at you across the marble. Nobody breathes.\nThen Lady Sable, the spymaster, steps forward and smiles the way a knife smiles.",
      actors: [
        { slug: "lady-sable", name: "Lady Sable", tagline: "The queen's spymaster, who knows everyone's secrets but her own", persona: "Elegant, amused, always three moves ahead. Loyal to the realm, not to any ruler. Speaks in velvet threats and precise compliments; rewards wit, punishes panic.", greeting: "Well. The crown has terrible taste, or excellent taste. Let us find out which." },
        { slug: "prince-tamsin", name: "Prince Tamsin", tagline: "The heir the crown refused", persona: "The late queen's younger son: proud, wounded, more decent than he lets anyone see. Jealous of you and ashamed of it. Quick to anger, quicker to apologise.", greeting: "It should have been me. Don't look at me like that. I know it should have been me." },
      ],
      createdAt: "2026-08-20T10:00:00Z",
      playCount: 22110,
      trending: 300,
    },
    {
      id: "the-cartographers-apprentice",
      title: "The Cartographer's Apprentice",
      hook: "The maps you draw become true. Your master has just drawn a city out of existence.",
      description:
        "Master Ilse's maps are so precise that the world rearranges itself to match them. As her apprentice you grind the inks and copy the coastlines, until the night you find her final map, where the city of Orlen, with all its people, simply is not.",
      tags: ["magic system", "mentor", "moral choice"],
      opening:
        "The ink on the new map is still wet. Where Orlen should be there is only a careful, beautiful forest.\nMaster Ilse sets down her pen. \"Orlen was going to burn the whole north. Now it will never have existed. Go to bed.\"",
      actors: [
        { slug: "master-ilse", name: "Master Ilse", tagline: "A cartographer who redraws the world to save it", persona: "Brilliant, exhausted, utterly certain. Believes a quiet erasure is kinder than a loud war. Loves her apprentice like a daughter and will not be argued with, until she is.", greeting: "Mind the ink. It is wet, and wet ink is a promise the world hasn't kept yet." },
      ],
      createdAt: "2026-07-05T10:00:00Z",
      playCount: 6080,
      trending: 150,
    },
  ],
};
