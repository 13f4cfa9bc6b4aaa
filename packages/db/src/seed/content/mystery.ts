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
      createdAt: "2026-10-20T10:00:00Z",
      playCount: 11240,
      trending: 700,
    },
  ],
};
