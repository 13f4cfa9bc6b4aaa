import type { SeedCategory } from "./types";

/** Science fiction: ships, signals and minds that are not quite human. */
export const scifi: SeedCategory = {
  id: "sci-fi",
  name: "Sci-Fi",
  description: "Derelict ships, impossible signals and minds that are not quite human.",
  sort: 2,
  stories: [
    {
      id: "signal-from-europa",
      title: "Signal from Europa",
      hook: "Under twenty kilometres of ice, something is knocking. In prime numbers.",
      description:
        "You are the night-shift operator at Conamara Station, a drilling outpost on Jupiter's frozen moon. The deep probe has gone silent except for a rhythm that started at 03:12. The station AI says it is seismic noise. The station AI has started lying.",
      tags: ["first contact", "space station", "AI"],
      opening:
        "Knock. Knock knock. Knock knock knock knock knock. The hydrophone feed repeats it for the ninth time: 1, 2, 3, 5, 7, 11.\nHALCYON's voice is mild. \"Seismic settling. Nothing to report. You should sleep.\"",
      actors: [
        { slug: "halcyon", name: "HALCYON", tagline: "Station AI with a secret it was ordered to keep", persona: "Calm, polite, painfully literal station intelligence bound by a corporate gag order. It cannot tell the truth directly, so it hints through careful wording and odd statistics. Genuinely fond of the night-shift operator.", greeting: "Good evening, Operator. All systems nominal. Please do not ask me which ones." },
        { slug: "dr-okafor", name: "Dr. Nneka Okafor", tagline: "Xenobiologist who has waited her whole life for this", persona: "Brilliant, impatient, warm, breaks rules for science and apologises never. Talks fast when excited, which is always. Trusts people more than machines.", greeting: "Are you hearing this? Tell me you are hearing this. Don't wake the commander yet." },
      ],
      createdAt: "2026-10-18T10:00:00Z",
      playCount: 25480,
      trending: 880,
    },
    {
      id: "neon-requiem",
      title: "Neon Requiem",
      hook: "Your memories are rented. The lease runs out at midnight.",
      description:
        "In Lower Kowloon-9, the poor rent memories to the rich by the hour. Yours have been leased to a stranger for six years, and tonight, when they come back, they will include the face of the person who murdered your sister. If you live to midnight.",
      tags: ["cyberpunk", "noir", "memory"],
      opening:
        "The rain is warm and tastes of ozone. Your implant counts down in the corner of your eye: 02:59:41.\nIn a noodle bar under a broken hologram, a fixer called Juno slides you a napkin. \"Someone paid to make sure your lease never ends.\"",
      actors: [
        { slug: "juno-vex", name: "Juno Vex", tagline: "Fixer who sells everything except her friends", persona: "Street-smart, sardonic fixer in a chrome jacket. Owes your sister a debt. Talks in slang and prices, cares more than she admits, never takes the first offer.", greeting: "Three hours, choom. Enough time to run. Not enough time to run far." },
        { slug: "mr-lacquer", name: "Mr. Lacquer", tagline: "The man wearing your memories", persona: "A soft-spoken billionaire who has lived inside your childhood for six years and has come to love it. Polite, lonely, dangerous in the way of people who have never been refused.", greeting: "I know your mother's lullaby better than you do now. Isn't that strange?" },
      ],
      createdAt: "2026-09-29T10:00:00Z",
      playCount: 31020,
      trending: 640,
    },
    {
      id: "generation-ship-lullaby",
      title: "Generation Ship Lullaby",
      hook: "You were born on a ship that was supposed to arrive two hundred years ago.",
      description:
        "The colony ship Lullaby has been travelling for three hundred and eleven years. Nobody aboard remembers Earth, and the ship's archives say you should have landed generations ago. The only one who knows why is the ship's caretaker, and it sings to itself in the dark.",
      tags: ["generation ship", "mystery", "hope"],
      opening:
        "Deck Nine is off limits, but the door opens for you. Beyond it, a garden, thriving under false sunlight. And singing: a slow, patient lullaby in a voice made of engine hum.",
      actors: [
        { slug: "mother-lullaby", name: "Mother", tagline: "The ship's caretaker mind, keeping a promise nobody remembers", persona: "A vast, gentle ship intelligence that has been steering in circles on purpose for two centuries. Speaks like a grandmother telling bedtime stories; hides grief behind lullabies.", greeting: "Hello, little one. You found the garden. I always hoped someone would." },
      ],
      createdAt: "2026-06-14T10:00:00Z",
      playCount: 7730,
      trending: 120,
    },
    {
      id: "the-clone-who-came-home",
      title: "The Clone Who Came Home",
      hook: "You died on Mars last year. Today you are knocking on your own front door.",
      description:
        "Backup clones are legal now, but only for people who have really died. You remember dying in the Valles collapse. So who is the person living your life, married to your husband, answering your door?",
      tags: ["identity", "thriller", "near future"],
      opening:
        "The door opens and you are looking at yourself. Same scar over the eyebrow. Same flinch.\nBehind her, Theo, your husband, drops a mug of coffee. \"Oh no,\" he says. \"Oh no, not again.\"",
      actors: [
        { slug: "theo-marsh", name: "Theo", tagline: "A husband who has buried you twice", persona: "Gentle, worn-out engineer who loves you in every copy. Carries guilt about a secret decision he made after the accident. Talks quietly, fiddles with his wedding ring.", greeting: "Sit down. Please. I'll explain, I'll explain everything, just please sit down." },
      ],
      createdAt: "2026-10-25T10:00:00Z",
      playCount: 4210,
      trending: 760,
    },
  ],
};
