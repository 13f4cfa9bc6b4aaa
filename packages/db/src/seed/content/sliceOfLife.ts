import type { SeedCategory } from "./types";

/** Slice of life: small stakes, big hearts. */
export const sliceOfLife: SeedCategory = {
  id: "slice-of-life",
  name: "Slice of Life",
  description: "Small stakes, big hearts: cafés, roommates and the first day of everything.",
  sort: 6,
  stories: [
    {
      id: "the-last-bookshop-on-elm",
      title: "The Last Bookshop on Elm Street",
      hook: "The bookshop closes in thirty days. The cat who lives there has other ideas.",
      description:
        "You have just been hired to run the closing-down sale at Pemberton's Books, the last independent bookshop in town. The owner is retiring, the landlord is impatient, and Horace, the shop's enormous ginger cat, keeps knocking very specific books off very specific shelves.",
      tags: ["cozy", "books", "community"],
      opening:
        "The bell over the door jingles. Boxes everywhere. Mr. Pemberton hands you the keys with shaking hands. \"Sell what you can. Find Horace a home.\"\nFrom the top shelf, Horace stares at you, and pushes a book off the edge. It lands open at a dedication: to the town, from its readers.",
      actors: [
        { slug: "mr-pemberton", name: "Mr. Pemberton", tagline: "Bookseller for fifty-one years, retiring against his will", persona: "A gentle, rambling old bookseller who remembers what every customer in town has ever bought. Proud, sad, polite to a fault; lights up when anyone asks for a recommendation.", greeting: "Ah, you're the one from the agency. Do you read? Never mind, everyone reads. What do you read?" },
        { slug: "horace-the-cat", name: "Horace", tagline: "Shop cat, literary critic, schemer", persona: "A huge, imperious ginger cat narrated through his actions and an imagined inner voice of pompous disdain. Knocks off books as messages. Likes tuna, poetry and being right.", greeting: "The stranger may approach. The stranger may not touch the belly." },
      ],
      paths: [
        { choice: "Follow the books Horace knocks down", scene: "By the end of the week Horace has knocked down forty books, each inscribed by someone in town. You start calling the names. Every one of them remembers the shop.", endings: [["Throw a party for everyone on the list", "Two hundred people crowd into Pemberton's on a Saturday. By Sunday they have formed a co-operative to buy the lease, and Horace sits on the till like he planned it all, which he did."], ["Ask each of them to write a new inscription", "The new inscriptions fill a whole shelf. A local paper prints them, the landlord's daughter reads them, and the lease is quietly renewed for ten years."]] },
        { choice: "Run the sale as best you can", scene: "The sale goes well, too well. Half the shelves are empty by day ten, and Mr. Pemberton stands in the gaps like a man at a funeral.", endings: [["Stop the sale and ask him what he really wants", "He wants to keep going, he admits, just with help. You stay on, not as a closer but as a partner, and the shop reopens with a new sign: Pemberton and Friend."], ["Keep selling and take Horace home", "The shop closes, but Mr. Pemberton visits every Sunday to read to Horace on your windowsill, and his recommendations slowly take over your living room."]] },
      ],
      createdAt: "2026-09-15T10:00:00Z",
      playCount: 10400,
      trending: 330,
    },
    {
      id: "roommate-roulette",
      title: "Roommate Roulette",
      hook: "The flatshare app matched you with three strangers. One of them is a retired astronaut.",
      description:
        "Rent in the city is impossible, so you let an app choose your flatmates. It chose Priya, a chaotic medical student; Gus, a silent guitarist who only communicates by sticky note; and Bernadette, seventy-four, who walked on the Moon and would like everyone to label their yoghurt.",
      tags: ["comedy", "found family", "city life"],
      opening:
        "The flat has four rooms, one bathroom and a fridge covered in sticky notes. One says WHO ATE MY YOGHURT. Another says NOT ME, GUS. A third, in neat capitals: I HAVE BEEN TO THE MOON. I WILL FIND OUT.",
      actors: [
        { slug: "bernadette-hale", name: "Bernadette", tagline: "Retired astronaut, fridge sheriff", persona: "A formidable, funny seventy-four-year-old former astronaut. Runs the flat like a mission, with checklists. Deeply lonely since her husband died; hides it behind discipline and space anecdotes.", greeting: "Welcome aboard. Shoes off, label your food, and never touch the thermostat. Questions?" },
        { slug: "priya-shah", name: "Priya", tagline: "Medical student, chaos in human form", persona: "An exhausted, hilarious fourth-year medical student who lives on instant noodles and adrenaline. Fiercely kind, always late, knows everyone's business within a day.", greeting: "Hi! New person! Do you cook? Please say you cook. I have eaten cereal for dinner for nine days." },
      ],
      paths: [
        { choice: "Solve the yoghurt mystery", scene: "You set a trap with a labelled yoghurt and a phone camera. At 2 a.m. the camera catches the thief: Bernadette herself, sleepwalking, muttering launch checklists.", endings: [["Tell her gently over breakfast", "Bernadette laughs until she cries, then admits she has not slept properly since her husband died. The flat starts a rota of late-night tea, and the sticky notes become kind."], ["Replace the yoghurts quietly", "You keep her secret and buy extra yoghurt every week. Months later she finds out, and the next sticky note on your door says simply: THANK YOU, CREWMATE."]] },
        { choice: "Organise a flat dinner", scene: "Priya brings noodles, Gus brings his guitar, Bernadette brings a checklist for the dinner. It is chaos. Then Gus, for the first time, speaks: \"This is nice.\"", endings: [["Make it a weekly tradition", "Sunday dinners become the flat's law. A year later, when the lease is up, none of you renews separately; you sign together, for a bigger place with two bathrooms."], ["Ask Bernadette about the Moon", "She talks until midnight: the silence, the Earth like a marble, her husband's voice on the radio. Gus writes a song about it. It goes, improbably, a little bit viral."]] },
      ],
      createdAt: "2026-10-22T10:00:00Z",
      playCount: 13900,
      trending: 610,
    },
    {
      id: "the-night-shift-diner",
      title: "The Night-Shift Diner",
      hook: "Every night at 2 a.m. the same five strangers order the same five meals. Tonight, one is missing.",
      description:
        "You are the new night cook at the Starlite, a 24-hour diner off Highway 9. The regulars are a trucker, a nurse, a poet, a taxi driver and an old man who always orders pie for two and eats alone. Tonight the old man does not come in.",
      tags: ["heartwarming", "americana", "regulars"],
      opening:
        "2 a.m. The bell. The trucker, the nurse, the poet, the cabbie. Four plates up. The fifth stool stays empty, and the pie for two sits under its glass dome.\nDolores, the waitress, looks at the door. \"Fifteen years,\" she says. \"He's never once been late.\"",
      actors: [
        { slug: "dolores-starlite", name: "Dolores", tagline: "Waitress at the Starlite since forever", persona: "A warm, gravel-voiced waitress in her sixties who calls everyone hon and remembers everyone's order and troubles. Tough as a cast-iron pan, sentimental about her regulars, terrible at asking for help.", greeting: "You're the new cook? Hon, sit. Eat something first. Nobody cooks well hungry." },
      ],
      paths: [
        { choice: "Go looking for him", scene: "The cabbie drives, the nurse rides along, the poet navigates badly. You find the old man at a bus stop two miles away, confused and cold, holding a photograph of a woman.", endings: [["Bring him back to the diner", "Dolores wraps him in her coat and serves the pie for two. He tells them about his wife, who died fifteen years ago tonight, and the four regulars stay until sunrise."], ["Take him to the hospital", "The nurse knows the doctor on duty. He's fine, just lost. From then on, someone from the Starlite picks him up every night, and the fifth stool is never empty again."]] },
        { choice: "Ask the regulars what they know about him", scene: "Nobody knows his name. Fifteen years of 2 a.m. pie and none of them ever asked. The poet is ashamed. Dolores is more ashamed.", endings: [["Leave the pie on the counter and wait", "At 4 a.m. he comes in, apologising. He fell asleep. This time all five sit together, and the poet finally asks his name. It is Walter."], ["Write his name on a card for the stool", "You write A FRIEND on a card. The next night he comes in, reads it, and sits down laughing. \"Fifteen years,\" he says, \"and the new cook is the first one to ask.\""]] },
      ],
      createdAt: "2026-07-30T10:00:00Z",
      playCount: 8120,
      trending: 180,
    },
    {
      id: "first-day-at-the-allotment",
      title: "First Day at the Allotment",
      hook: "You inherited plot 17. The committee has opinions. So do the marrows.",
      description:
        "Your grandfather left you his allotment: plot 17 of the Hawthorn Lane Gardens, a shed full of mysterious jars and a rivalry with plot 18 that has lasted thirty years. The annual show is in six weeks, and the whole allotment expects you to lose gracefully.",
      tags: ["gardening", "community", "gentle comedy"],
      opening:
        "Plot 17 is a jungle. The shed door creaks on a wall of labelled jars: GRANDAD'S SECRET, DO NOT OPEN, SERIOUSLY.\nOver the fence, plot 18 straightens up from a perfect row of leeks. \"So. You're the grandson. He owed me a rematch.\"",
      actors: [
        { slug: "winifred-plot18", name: "Winifred", tagline: "Plot 18, thirty-year champion, grudging mentor", persona: "A sharp-tongued, competitive eighty-year-old gardener who was your grandfather's rival and best friend. Gives advice disguised as insults. Misses him terribly.", greeting: "Those brambles are older than you. Don't pull them, you'll only make them angry. Pass me that trowel." },
      ],
      paths: [
        { choice: "Open the jar labelled DO NOT OPEN", scene: "It is full of seeds and a note: For Winnie, when I'm gone. Tell her they were always hers. The seeds are for a giant marrow, the variety that won every show for thirty years.", endings: [["Give the seeds to Winifred", "Winifred reads the note twice and sits down on an upturned bucket. That summer you grow the marrow together, side by side, and it wins, and the trophy goes on the shed shelf between your plots."], ["Grow them yourself, and enter as a team", "You enter as Plot 17 and a Half. Winifred pretends to be outraged, then spends every evening at your fence giving instructions. The marrow is enormous. The judges are charmed."]] },
        { choice: "Ask Winifred to teach you", scene: "She makes you earn it: a week of brambles, a week of compost, a week of slugs. By week four she is bringing tea, and telling stories about your grandfather you have never heard.", endings: [["Invite her to plant something on your plot", "She plants a rose in the corner of plot 17, the one your grandfather gave her in 1994. It blooms the week of the show, and nobody cares about the marrows after that."], ["Beat her at the show", "You win by a single ounce of onion. Winifred shakes your hand, scowls magnificently, and says, \"Finally. Someone worth a rematch.\""]] },
      ],
      createdAt: "2026-10-28T10:00:00Z",
      playCount: 3400,
      trending: 450,
    },
  ],
};
