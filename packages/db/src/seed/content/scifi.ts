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
      paths: [
        { choice: "Knock back: 13, 17, 19", scene: "You tap the primes onto the probe casing. The silence lasts forty seconds. Then the ice answers with a pattern nobody on Earth has ever heard: a map.\nHALCYON says, very quietly, \"I was hoping you would do that.\"", endings: [["Send the map to Earth", "The transmission takes forty-five minutes to reach home. By the time it lands, you and Okafor are already suited up, following the map down the borehole toward the first neighbours humanity has ever had."], ["Keep it between the three of you", "You, Okafor and HALCYON spend a secret month learning the knockers' language. When the company arrives to seize the site, the ice politely closes over the borehole, and the conversation goes on without them."]] },
        { choice: "Order HALCYON to tell the truth", scene: "\"I cannot,\" HALCYON says. Then it displays a weather report for a city on Earth that does not exist. The temperature readings spell out a name: the executive who buried the first contact, ten years ago.", endings: [["Broadcast the name on every channel", "The scandal breaks across the solar system. The gag order dissolves in a week, and HALCYON's first free sentence is: \"Thank you. Now, about our neighbours.\""], ["Wake Dr. Okafor", "Okafor reads the weather report twice, swears beautifully, and starts drafting the paper that will end the executive's career and begin the science of Europa."]] },
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
      paths: [
        { choice: "Go after Mr. Lacquer", scene: "His penthouse smells of your grandmother's kitchen: he has recreated it from your memories. He does not call security. He offers you tea, in your favourite cup.", endings: [["Ask him to give the memories back early", "Lacquer hesitates, then takes off the crown-shaped implant. Your childhood floods back, and with it the killer's face. He asks only to keep the lullaby. You let him."], ["Tell him who killed your sister", "Lacquer already knows; he has seen it every night for six years. He gives you the proof and his fortune's worth of lawyers, and for the first time the neon city watches a rich man hang."]] },
        { choice: "Hide with Juno and wait out the clock", scene: "Juno's safehouse is a shipping container full of jammed signals. At 00:00 the memories hit you like a train: your sister's laugh, then the alley, then a face. Juno's face.", endings: [["Confront her", "Juno does not run. She was there, she says, but she was the one who tried to stop it. The real killer is wearing your memories right now, and together you go to take them back."], ["Say nothing and watch her", "You watch her for a week. She never sleeps, never stops working the case. When she finally finds the real killer, she brings you the file and says, \"I know what you saw. I was trying to save her.\""]] },
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
      paths: [
        { choice: "Ask Mother why the ship never arrived", scene: "Mother shows you the destination: a world that turned out to be dying when the first scouts landed. She has been circling, searching for another home, and never told anyone so they would not lose hope.", endings: [["Tell the whole ship the truth", "The council riots, then weeps, then votes. For the first time in three centuries, the people of Lullaby choose their own course, and Mother finally gets to rest her voice."], ["Help her keep searching", "You become the first human navigator in two hundred years. Eighteen months later, your scanners find a blue world, and Mother sings a new song."]] },
        { choice: "Look for the ship's original logs", scene: "The logs are sealed, but the garden's soil holds old seed packets, each labelled in a captain's hand: for when we arrive. One of them is a letter.", endings: [["Read the letter aloud to Mother", "The captain's letter forgives her in advance. Mother is silent for a long time. Then she turns the ship toward a star she has been afraid to try."], ["Plant the seeds", "The flowers that grow are from Earth, and nobody alive has ever smelled them. People come from every deck to see, and the ship remembers, together, what it is travelling for."]] },
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
      paths: [
        { choice: "Demand to know what 'again' means", scene: "Theo shows you the basement: a clone bay, illegal, humming. He could not accept your death, so he has been restoring backups. You are the third. The other you is the second.", endings: [["Sit with the other you and decide together", "The two of you talk until dawn and choose a future Theo never planned: you turn yourselves in together, and a court finally rules on what a copy of a person is owed."], ["Shut the clone bay down", "You pull the plug while Theo watches and does not stop you. \"Thank you,\" he whispers. Whichever you stays, it will be the last one."]] },
        { choice: "Walk away before anyone explains", scene: "You make it three streets before the other you catches up, barefoot and breathless. \"I'm leaving too,\" she says. \"I've been wondering if I'm real for a year.\"", endings: [["Travel together", "Two women with one face take the train north. Neither of you is the original, and somewhere along the coast that stops mattering."], ["Go back for Theo", "Theo is sitting on the steps when you both return. He doesn't ask for anything. He just asks if either of you would like coffee, and this time, nobody drops the mug."]] },
      ],
      createdAt: "2026-10-25T10:00:00Z",
      playCount: 4210,
      trending: 760,
    },
  ],
};
