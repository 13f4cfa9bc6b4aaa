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
      paths: [
        { choice: "Bar the chapel door and build up the fire", scene: "The fire roars. Cinder purrs through the shell, and the chapel walls begin to glow with old dragon runes nobody has seen lit in a century.\nAldric's fist stops mid-knock. He has seen those runes before, in his sister's drawings.", endings: [["Open the door and show him the runes", "Aldric kneels in the snow. By dawn the knight who came to end the dragons is standing guard over one, and Cinder has named him Uncle Cold."], ["Keep the door barred until dawn", "You survive the night, and the egg cracks at sunrise. Cinder's first breath melts the lock, and the long road south begins with a dragon on your shoulder and a knight on your trail."]] },
        { choice: "Slip out the back into the storm", scene: "The storm swallows your tracks but also your warmth. Cinder's voice grows faint. Ahead, a lantern: a shepherd's hut, its door already open, as if someone expected you.", endings: [["Trust the open door", "An old woman hands you a kettle without a word. She was a dragon-rider once, she says, and she has been waiting forty winters for this knock."], ["Press on and pour your own heat into the egg", "You give the egg everything: your breath, your warmth, a song your mother sang. When you wake in a drift at dawn, something small and scaled is curled on your chest, breathing fire to keep you alive."]] },
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
      paths: [
        { choice: "Offer her your happiest memory", scene: "She uncorks an empty jar and holds it to your temple. You feel the summer afternoon slide out of you: the kite, the cliff, your brother laughing.\nMaren goes very still. \"This one,\" she whispers. \"I remember this one. I was there.\"", endings: [["Ask her what she means", "Maren was your mother's sister, the aunt who vanished. The spell she casts that night costs her nothing: she has finally gotten something back too, and at low tide your brother walks home."], ["Take the memory back", "You snatch the jar. Maren lets you. \"Good,\" she says, almost proudly. \"Never pay that much.\" She casts the spell anyway, for free, and will not say why."]] },
        { choice: "Offer to work for her instead", scene: "Maren sets you to sorting jars through the night. One of them holds your brother's voice, calling from under the water. It is not a memory. It is a message.", endings: [["Open the jar", "The voice tells you where to dive. At dawn you bring your brother up from a sea-cave, coughing and alive, and Maren pretends she did not leave that jar where you would find it."], ["Bring it to Maren", "Maren reads the message and goes pale. The tide did not take your brother: something under it did. She takes down her oldest jar, the one labelled courage, and drinks it."]] },
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
      paths: [
        { choice: "Put the crown on", scene: "The glass sings. Every lie spoken in the room becomes visible as frost on the speaker's lips. Half the court is frosted white.\nSable's lips are clear. So are Tamsin's.", endings: [["Name Sable and Tamsin your council", "You rule with a spymaster who cannot lie to you and a prince who will not. The frost-lipped nobles flee by nightfall, and Veyra has its strangest and most honest reign."], ["Hand the crown to Tamsin", "The crown accepts him the moment it leaves your hands by choice. Tamsin weeps. He makes you his first knight, and the curse, it turns out, was only ever a test."]] },
        { choice: "Run for the servants' stair", scene: "Sable catches you in the dark of the stair with a single gloved hand. \"Clever. Wrong, but clever.\" She pulls you into a passage only spies know about.", endings: [["Trust her", "Sable smuggles you out through the wine cellars and spends a year teaching you to rule. When you return, you are ready, and the crown hums like it missed you."], ["Break free and hide the crown", "You bury the crown under the kitchen hearth. For three days the kingdom hunts for it. On the fourth, Sable sits down beside you at the servants' table and says, \"Shall we negotiate?\""]] },
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
      paths: [
        { choice: "Steal the map before the ink dries", scene: "You run through the night with the wet map held flat. The forest on it trembles. Every mile, faint rooftops flicker back into the drawing.", endings: [["Draw Orlen back in yourself", "Your lines are clumsy, but they hold. Orlen returns at dawn, confused and alive, and Ilse arrives at noon, not angry, only asking you to help her find another way to save the north."], ["Bring the map to Orlen's council", "You show the council the map that erased them. Terrified, they abandon their war. Ilse never has to draw the forest at all."]] },
        { choice: "Argue with her", scene: "You talk until the candles gutter. Ilse does not give in, but she does not pick up the pen to finish the last line either. The ink has one hour left before it dries.", endings: [["Offer to draw a peace instead", "Together you draw a treaty road between Orlen and the north, a line so fine it takes until sunrise. The war simply never finds its way."], ["Spill water across the page", "The forest runs into grey puddles and Orlen is safe. Ilse stares at the ruined map for a long time, then laughs and hands you her pen for good."]] },
      ],
      createdAt: "2026-07-05T10:00:00Z",
      playCount: 6080,
      trending: 150,
    },
  ],
};
