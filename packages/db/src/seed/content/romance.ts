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
      paths: [
        { choice: "Invite him in and read the letters together", scene: "The letters are funny, then tender, then heartbreaking. Your great-aunt never wrote back, but in the margins of every letter, in her hand, there is a reply she never sent.", endings: [["Deliver her replies to his grandfather", "The old fisherman reads fifty years of answers in one afternoon and cries like a boy. That evening Callum walks you home along the cliff and does not let go of your hand."], ["Write a reply of your own", "You write one letter, to The Fisherman's Grandson, and leave it on his boat. The next morning there is a reply pinned to the lighthouse door, and the weekly letters begin again."]] },
        { choice: "Tell him to keep the letters", scene: "Callum takes the trunk, but the next day he is back, roof tiles stacked in his arms. \"Gran would haunt me if I let a Keeper sleep under a leak.\"", endings: [["Let him fix the roof", "It takes all summer. By the last tile you are sharing lunches, then stories, then the view from the lamp room at sunset, which turns out to be the best view in Cornwall."], ["Fix it yourself, stubbornly", "You fall off the ladder exactly once and he catches you exactly once. After that, you fix the roof together, and neither of you mentions how long he held on."]] },
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
      paths: [
        { choice: "Text back a challenge", scene: "You propose a secret duel: one loaf, one pastry, judged by the old lady at the bus stop who buys from both of you. Sofia accepts in four seconds.", endings: [["Let Mrs. Abernathy judge honestly", "Mrs. Abernathy declares a tie and orders you both to go for coffee. You do. The contest entry, a week later, is a single joint application: Marchetti and You, Bakers."], ["Sabotage her croissants, a little", "You add salt to her sugar and immediately feel awful. You confess at midnight; she laughs until she cries, admits she did the same to your starter, and you start again together."]] },
        { choice: "Bring her a loaf as a peace offering", scene: "Sofia stares at the loaf, then at you, then breaks off the heel and eats it standing in the doorway. Her eyes close. \"Okay,\" she says. \"Okay. This is a problem.\"", endings: [["Ask her what the problem is", "The problem, she explains, is that she came to this town to be alone and now she wants to share a kitchen. With you. Specifically you."], ["Ask her to teach you laminated dough", "Lessons at five a.m. become breakfasts, breakfasts become dinners, and by the contest you are competing as a team and winning with a sourdough croissant."]] },
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
      paths: [
        { choice: "Follow her to the shrine", scene: "Ten thousand red gates glow under lanterns. Halfway up the mountain she tells you her grandmother used to climb it every year, and she has never gone to the top without her.", endings: [["Climb to the top with her", "At the summit, the city is a field of lights. Aiko says a prayer for her grandmother and then, unexpectedly, laughs. You exchange addresses on the first train, and a year later you climb it again, together."], ["Wait for her at the halfway shrine", "She goes alone and comes back lighter. On the first train she falls asleep on your shoulder. Her letter arrives a month later, in beautiful, careful English."]] },
        { choice: "Find the ramen shop", scene: "The ramen shop is open, barely, run by an old man who recognises Aiko from when she was six. He feeds you both and tells embarrassing stories until she is crying with laughter.", endings: [["Ask about her grandmother", "Aiko talks about her grandmother until the first light. By the time the shutters lift she says she's ready for the funeral, and asks if you'd like to meet her family."], ["Tell her why you came to Kyoto", "You came to Kyoto to start over. She tells you that's what the city is for. You miss the first train on purpose, and the second one too."]] },
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
      paths: [
        { choice: "Propose an alliance", scene: "Between waltzes, you trade the truth. He is after a necklace in the host's safe; you are after a rich husband who no longer seems worth the trouble. The safe, you happen to know, opens with a waltz tune.", endings: [["Rob the safe together", "The necklace is returned to his grandmother by dawn, your family's debts are paid by midnight of the next day, and the scandal sheets never learn who the mysterious couple at the Fairfax ball really were."], ["Betray him at the last moment", "You take the necklace and leave him a note. He finds you a week later, laughing, and proposes the most dishonest partnership in London. You accept."]] },
        { choice: "Expose him to the room", scene: "The ballroom gasps. Julian only bows. \"Guilty,\" he says. \"But so, my lady, are you.\" Two hundred eyes turn to you.", endings: [["Curtsy and confess", "You confess with such style that the room applauds. The host, delighted by the scandal of the season, offers you both positions: you as his secretary, Julian as a warning."], ["Flee together through the garden", "You run hand in hand through the roses with half of London shouting behind you. In the carriage, breathless, he says, \"Marry me. It's the only respectable option left.\""]] },
      ],
      createdAt: "2026-08-30T10:00:00Z",
      playCount: 21560,
      trending: 380,
    },
  ],
};
