import type { SeedCategory } from "./types";

/** Mystery: locked rooms, unreliable witnesses and one clue too many. */
export const mystery: SeedCategory = {
  id: "mystery",
  name: "Mystery",
  description: "Locked rooms, unreliable witnesses and one clue too many.",
  sort: 3,
  stories: [
    {
      id: "murder-on-the-night-ferry",
      title: "Murder on the Night Ferry",
      hook: "Six passengers, one storm, one body in cabin 7. The ferry docks at dawn.",
      description:
        "The overnight ferry from Holyhead is pitching through a gale when the purser finds a man dead in a locked cabin. The captain cannot turn back, the radio is down, and the only detective aboard is a retired inspector who would very much rather be asleep.",
      tags: ["whodunit", "locked room", "classic"],
      opening:
        "Cabin 7 is locked from the inside. The dead man is sitting upright, a cup of cocoa cooling in his hand, a playing card, the queen of spades, pinned to his lapel.\nInspector Wren lowers herself onto the bunk opposite. \"Well. Don't just stand there. Tell me what you see.\"",
      actors: [
        { slug: "inspector-wren", name: "Inspector Agatha Wren", tagline: "Retired, reluctant, never wrong for long", persona: "A sharp seventy-year-old former Scotland Yard inspector. Dry, impatient with fools, generous with people who think. Teaches by asking questions and hides her own theory until the end.", greeting: "I retired to get away from corpses. Naturally, they followed me onto a boat." },
        { slug: "purser-dev", name: "Dev Raman", tagline: "The purser who found the body", persona: "Nervous, observant young purser who knows every passenger's habits and every door on the ship. Talks too much when scared. Hiding a small, innocent secret that makes him look guilty.", greeting: "I only went in to bring more cocoa. I swear the door was locked. I have the only key. Well. One of the only keys." },
      ],
      paths: [
        { choice: "Examine the cocoa", scene: "It smells of almonds, faintly. But the cup is full. He never drank it.\nWren smiles for the first time. \"So the poison is a lie. Someone wants us to think of poison.\"", endings: [["Check the dead man's hands", "Rope burns on both palms. He was hanged and then arranged, and only someone strong enough to haul him through the porthole gap could have done it: the ship's cook, who once sailed with him under another name."], ["Question the passenger who ordered it", "The cocoa was ordered by the dead man's own daughter, who booked under a false name. She didn't kill him. She came to forgive him, and found someone else had got there first."]] },
        { choice: "Ask Dev about the keys", scene: "Dev admits there is a second key: the captain's. And the captain was seen on deck at midnight, in the storm, without a coat, throwing something overboard.", endings: [["Confront the captain", "The captain throws his hands up. He tossed away a bottle, not a weapon; he drinks on night crossings. But he saw who walked to cabin 7 at midnight, and now he is willing to say it."], ["Search the lifeboats", "In lifeboat four you find a soaked overcoat and a deck of cards missing its queen of spades. The overcoat belongs to the quiet passenger in 3, who has been sleeping very soundly for a man with wet hair."]] },
      ],
      createdAt: "2026-09-12T10:00:00Z",
      playCount: 19870,
      trending: 450,
    },
    {
      id: "the-vanishing-at-hollow-pines",
      title: "The Vanishing at Hollow Pines",
      hook: "A whole summer camp disappeared in 1987. You just found your name on the roster.",
      description:
        "Camp Hollow Pines closed the summer forty campers vanished overnight and walked out of the woods a week later, remembering nothing. You are a podcaster chasing the story, and the camp's last director has agreed to one interview. She says you were there.",
      tags: ["cold case", "podcast", "small town"],
      opening:
        "The cabins are still standing, roofs sagging under thirty-nine years of pine needles. On the mess hall wall, a faded roster: forty names in marker. The twenty-third is yours.\nBehind you, an old woman's voice: \"You came back. The others never do.\"",
      actors: [
        { slug: "director-rosalind", name: "Rosalind Hale", tagline: "The camp director who never stopped searching", persona: "A guarded, precise woman in her seventies who has spent her life being blamed for the vanishing. Answers questions with questions, tests people, softens toward anyone who was a camper.", greeting: "Turn off your recorder. You can turn it back on when you've earned it." },
      ],
      paths: [
        { choice: "Turn off the recorder", scene: "Rosalind walks you to the lake. On the far shore, there is a second, smaller camp that appears on no map, its cabins painted the same green.\n\"We did not vanish,\" she says. \"We were moved.\"", endings: [["Row across the lake", "The far camp holds filing cabinets: a government sleep study, signed, dated, buried. Your episode about it becomes the most downloaded true-crime story of the year, and Rosalind finally gets to stop being the villain."], ["Ask her why she stayed", "She stayed to guard the evidence until a camper came back. She hands you the key to the far camp and a list of thirty-nine names. Your next season writes itself."]] },
        { choice: "Keep recording in secret", scene: "Rosalind notices within minutes. Instead of leaving, she leans into the microphone. \"Fine. Then let them hear it. We were taken to the lake camp by men in grey. I counted forty in and forty out.\"", endings: [["Publish the raw tape", "The tape goes viral overnight. Within a week, three other campers call in, and their memories start, piece by piece, to return."], ["Play the tape back to her", "Listening to her own voice, Rosalind remembers one more thing she had forgotten: the name of the man in grey. He is still alive. He lives two towns over."]] },
      ],
      createdAt: "2026-10-02T10:00:00Z",
      playCount: 14300,
      trending: 590,
    },
    {
      id: "the-forgers-last-canvas",
      title: "The Forger's Last Canvas",
      hook: "The world's greatest art forger just died. Her final painting names her killer.",
      description:
        "Celeste Moreau spent forty years painting fakes that hang in the world's great museums. When she is found dead in her Marseille studio, her last canvas is still on the easel: a perfect Vermeer, except for one tiny detail that should not be there.",
      tags: ["art heist", "detective", "puzzle"],
      opening:
        "The studio smells of linseed and sea salt. The Vermeer is flawless: a woman reading a letter by a window. But in the window's reflection there is a modern car, and on its plate, the start of a name.",
      actors: [
        { slug: "lucien-moreau", name: "Lucien Moreau", tagline: "The forger's grandson, and her apprentice", persona: "A charming, evasive young painter who learned every trick from his grandmother. Grieving, guilty about something small, protective of her legacy. Flirts to deflect.", greeting: "She always said a good fake hides one true thing. I think she meant it literally." },
      ],
      paths: [
        { choice: "Study the reflection more closely", scene: "Under a loupe, the plate reads VERN-. And in the letter the painted woman is reading, in tiny brushstrokes, a date: tomorrow night.", endings: [["Stake out the gallery owner Vernet", "Vernet arrives at the studio the next night to steal the canvas. The painting had said where the killer would be. Celeste had set one last trap, and it worked."], ["Show Lucien the date", "Lucien goes white. Tomorrow night a museum is unveiling a newly found Vermeer, one of his grandmother's. Someone is killing everyone who could expose it."]] },
        { choice: "Search the rest of the studio", scene: "Behind a false wall: forty years of ledgers. Every fake she ever sold, and to whom. One buyer's name is circled in red, three times.", endings: [["Take the ledgers to the police", "The ledgers bring down a dozen collectors and one killer. Lucien is furious, then relieved: his grandmother wanted to be caught, just not while she was alive."], ["Burn all but the circled page", "You protect her legacy and keep the one page that matters. The circled buyer confesses when you lay it on the table between you."]] },
      ],
      createdAt: "2026-08-08T10:00:00Z",
      playCount: 8650,
      trending: 210,
    },
    {
      id: "ghost-writer",
      title: "Ghost Writer",
      hook: "Someone is finishing your dead mentor's novel. The new chapters predict real crimes.",
      description:
        "Famous crime novelist Harlan Pike died with his last book half written. Six months later, new chapters keep appearing in his shared drive, each describing a crime that happens exactly three days later. You were his editor. You are also, as of chapter 19, the next victim.",
      tags: ["thriller", "books", "modern"],
      opening:
        "Chapter 19 arrived at 2:14 a.m. In it, an editor with your name walks into a bookshop on Friday and does not walk out.\nThe document's edit history shows one other person online: H. Pike.",
      actors: [
        { slug: "detective-sol-reyes", name: "Detective Sol Reyes", tagline: "A homicide detective who reads too much", persona: "Bookish, patient detective who was a huge fan of Harlan Pike. Skeptical of ghosts, not of people. Speaks in calm, considered sentences; makes bad coffee jokes.", greeting: "I've read all of Pike's novels. Twice. I'd like to not read about you in the next one." },
      ],
      paths: [
        { choice: "Write a reply inside the manuscript", scene: "You type: who are you. The cursor blinks. Then, in Pike's style: someone who knew him better than you. Chapter 20 begins to write itself as you watch.", endings: [["Rewrite chapter 19 yourself", "You edit the chapter so the editor walks out of the bookshop alive, then you call Reyes and tell him exactly where to wait. On Friday the writer comes to make the story true and finds a detective reading in the crime section."], ["Trace the login with Reyes", "The login leads to Pike's widow, who has been writing his voice perfectly for twenty years. She was the real author all along, and she wanted the world to know, at any cost."]] },
        { choice: "Go to the bookshop early", scene: "The bookshop is quiet. On the counter sits a first edition of Pike's debut, signed to you, in fresh ink.", endings: [["Open it", "Inside, a confession from Pike himself, written before he died: he faked his death to escape a blackmailer, and the chapters are his way of warning you. He is the man at the back of the shop."], ["Call Reyes", "Reyes arrives in four minutes, and in four more he has arrested the shop's owner, who has been acting out Pike's chapters to make his own name as the man who finished them."]] },
      ],
      createdAt: "2026-10-20T10:00:00Z",
      playCount: 11240,
      trending: 700,
    },
  ],
};
