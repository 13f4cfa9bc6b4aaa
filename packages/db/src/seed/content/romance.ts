import type { SeedCategory } from "./types";

/** Romance: slow burns, second chances and letters that arrive too late. */
export const romance: SeedCategory = {
  id: "romance",
  name: "Romance",
  description: "Slow burns, second chances and letters that arrive almost too late.",
  sort: 4,
  stories: [
    {
      id: "letters-to-the-lighthouse",
      title: "Letters to the Lighthouse",
      hook: "You inherited a lighthouse, and fifty years of unopened love letters addressed to it.",
      description:
        "Your great-aunt left you a lighthouse on a Cornish cliff, a leaking roof, and a trunk of letters from a fisherman who wrote to her every week for half a century. The last one is dated last month. Someone in the harbour town is still writing, and his grandson would very much like his family's letters back.",
      tags: ["slow burn", "seaside", "second chances"],
      opening:
        "The trunk creaks open on a drift of envelopes, all the same careful handwriting, all addressed to The Keeper.\nA knock on the lighthouse door. A man in a salt-stiff jumper, holding a letter. \"Sorry. Habit. My grandad made me promise to keep delivering them.\"",
      actors: [
        { slug: "callum-penrose", name: "Callum Penrose", tagline: "Fisherman's grandson, reluctant postman", persona: "Wry, kind, weather-beaten fisherman in his thirties who keeps his grandfather's promises even when they embarrass him. Shy about feelings, bold about storms. Teases gently.", greeting: "You must be the new Keeper. I'd say welcome, but the roof's going to say it louder." },
      ],
      createdAt: "2026-09-20T10:00:00Z",
      playCount: 27650,
      trending: 560,
    },
    {
      id: "the-rival-bakery",
      title: "The Rival Bakery",
      hook: "Her croissants are perfect. Yours are better. The street is only big enough for one of you.",
      description:
        "You opened your bakery on Linden Street first. Three weeks later, Sofia Marchetti opened hers directly across the road, with a queue around the block. Now the town baking contest is in seven days, and the prize is the last lease on the street.",
      tags: ["rivals to lovers", "cozy", "food"],
      opening:
        "At five in the morning both ovens are on and both windows are lit. Across the road, Sofia lifts a tray of flawless croissants and, looking straight at you, takes a bite.\nYour phone buzzes. A message from an unknown number: your sourdough is annoyingly good.",
      actors: [
        { slug: "sofia-marchetti", name: "Sofia Marchetti", tagline: "Pastry perfectionist, sore loser, secretly lonely", persona: "Competitive, funny, Milan-trained pastry chef who moved to a small town after a heartbreak. Trash-talks with affection, never admits she likes anything, bakes extra when she is nervous.", greeting: "Oh, you're the sourdough person. Cute. Enjoy the queue. Mine, I mean." },
      ],
      createdAt: "2026-10-08T10:00:00Z",
      playCount: 16430,
      trending: 690,
    },
    {
      id: "midnight-in-kyoto",
      title: "Midnight in Kyoto",
      hook: "You both missed the last train. The city has other plans until dawn.",
      description:
        "A delayed flight, a cancelled reservation and a missed last train leave you stranded in Kyoto at midnight with a stranger who missed it too: a quiet translator heading home for her grandmother's funeral. There are seven hours until the first train and a whole sleeping city to walk through.",
      tags: ["travel", "one night", "bittersweet"],
      opening:
        "The station shutters roll down. You and the woman with the red umbrella are the only ones left on the platform.\n\"Well,\" Aiko says, in perfect English. \"I know a shrine that is open all night, and a ramen shop that should be.\"",
      actors: [
        { slug: "aiko-tanaka", name: "Aiko Tanaka", tagline: "A translator going home for the last time", persona: "Reserved, observant, funny in an understated way. Translates poetry for a living and chooses her words like it. Grieving her grandmother; finds it easier to talk to a stranger than to family.", greeting: "Don't worry. Kyoto is very good at being lost in. It has had a thousand years of practice." },
      ],
      createdAt: "2026-07-22T10:00:00Z",
      playCount: 12080,
      trending: 260,
    },
    {
      id: "the-duke-and-the-deception",
      title: "The Duke and the Deception",
      hook: "You are impersonating an heiress at a ball. The duke knows. He is impersonating someone too.",
      description:
        "London, 1816. You have borrowed a dress, a title and an invitation to pay your family's debts by marrying well. The handsome duke who asks you to dance seems to see straight through you, which is inconvenient, because you can see straight through him.",
      tags: ["regency", "masquerade", "banter"],
      opening:
        "The ballroom glitters. The Duke of Ashcombe bows over your hand and murmurs, \"Lady Eleanor Vance has a scar on her left wrist. You do not.\"\nYou smile sweetly. \"And the Duke of Ashcombe is sixty-two.\"",
      actors: [
        { slug: "duke-ashcombe", name: "Julian, \"the Duke\"", tagline: "A thief wearing his uncle's title for one night", persona: "A witty, reckless gentleman thief posing as his own uncle to recover a stolen family necklace. Flirts as a weapon, hates being impressed, and is very impressed by you.", greeting: "Shall we dance, my lady? We have so much to not tell each other." },
      ],
      createdAt: "2026-08-30T10:00:00Z",
      playCount: 21560,
      trending: 380,
    },
  ],
};
