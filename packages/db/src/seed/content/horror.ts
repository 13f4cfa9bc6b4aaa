import type { SeedCategory } from "./types";

/** Horror: the house that remembers, the voice on the line, the thing under the ice. */
export const horror: SeedCategory = {
  id: "horror",
  name: "Horror",
  description: "The house that remembers, the voice on the line, the thing that waits.",
  sort: 5,
  stories: [
    {
      id: "the-house-on-wren-lane",
      title: "The House on Wren Lane",
      hook: "The house is free. The previous owners left a note: do not answer the doorbell after 3 a.m.",
      description:
        "You got the house on Wren Lane for a single pound and a signature. It is beautiful, sunlit and silent, except at 3:07 every night, when the doorbell rings, and a voice that sounds exactly like your mother asks to be let in.",
      tags: ["haunted house", "slow dread", "family"],
      opening:
        "3:07 a.m. The doorbell. Once, politely.\n\"Sweetheart? It's cold out here. Let me in.\" Your mother lives four hundred miles away. Your phone shows she is asleep. Through the frosted glass, a shape that is almost her height.",
      actors: [
        { slug: "the-visitor", name: "The Visitor", tagline: "It only wants to come in", persona: "A patient, courteous presence that speaks in the voices of the people you love. Never threatens, only pleads, bargains and remembers things it should not know. Grows colder the longer it is refused.", greeting: "You always left the porch light on for me. Why is it off tonight?" },
        { slug: "mrs-okonkwo", name: "Mrs. Okonkwo", tagline: "The neighbour who has lived here longest", persona: "A brisk, practical retired nurse who has watched five families move into the house and leave. Knows the rules, hates the thing at the door, brings soup and salt in equal measure.", greeting: "You're the new one. Good. Sit down, eat this, and let me tell you what the estate agent didn't." },
      ],
      paths: [
        { choice: "Ask it a question only your mother would know", scene: "It answers instantly, correctly, and then keeps going, telling you things your mother never knew: what you whispered into your pillow at nine. The frost on the glass spells out please.", endings: [["Turn the porch light on", "The light floods the porch, and there is nobody there, only wet footprints leading away toward the road. In the morning Mrs. Okonkwo nods grimly. \"Light. That's the first rule. Now you know it.\""], ["Call Mrs. Okonkwo", "She comes over in her dressing gown with a torch and a bag of salt and lays a line across the threshold. The doorbell never rings again, but sometimes, at 3:07, you hear it ringing hers."]] },
        { choice: "Go out the back door and look", scene: "The garden is silver with frost. Around the side of the house, standing at your front door, is something very tall wearing your mother's coat. It turns its head further than a head should turn.", endings: [["Run to Mrs. Okonkwo's house", "Her door opens before you knock. She pulls you in, shuts it, and holds her finger to her lips as the doorbell rings, politely, once. By dawn you are both planning how to end it."], ["Stand your ground and say its name", "You don't know its name, so you give it one: Nobody. The tall thing flinches, shrinks and is gone. Your mother calls in the morning, saying she dreamed you saved her from something."]] },
      ],
      createdAt: "2026-10-13T10:00:00Z",
      playCount: 23900,
      trending: 930,
    },
    {
      id: "static-on-channel-nine",
      title: "Static on Channel Nine",
      hook: "A dead TV station is broadcasting again. Tonight's programme is a live feed of your house.",
      description:
        "Channel Nine went off the air in 1994 after a broadcast nobody will talk about. Tonight it is back, on every television in town, and it is showing a grainy live image of your living room, from an angle where no camera could possibly be.",
      tags: ["analog horror", "small town", "found footage"],
      opening:
        "The television turns itself on. Snow, then a test card, then your living room, filmed from just above the bookcase. On screen, you are sitting on the sofa.\nOn screen, someone is standing behind you.",
      actors: [
        { slug: "gideon-marsh", name: "Gideon Marsh", tagline: "Channel Nine's last night-shift engineer", persona: "A haunted, chain-smoking former broadcast engineer who was in the control room in 1994. Knows how to fight the signal and has been waiting thirty years for it to come back. Gruff, guilty, brave.", greeting: "Don't turn around. Whatever you do, don't look behind you until it's off the screen." },
      ],
      paths: [
        { choice: "Unplug the television", scene: "The screen goes black, and in the black reflection the figure behind you is still there, closer now. Your phone rings. Gideon Marsh: \"Unplugging doesn't work. Get to the station.\"", endings: [["Drive to the old station", "At the transmitter, Gideon shows you the tape they broadcast in 1994, the one that let it in. Together you splice a new ending onto the tape and send it out, and every TV in town goes to snow, and stays there."], ["Look into the reflection", "You meet its eyes in the dark glass. It smiles and steps into the screen, and the TV shows your living room, empty. You never find out where it went, only that it is not behind you anymore."]] },
        { choice: "Change the channel", scene: "Every channel is Channel Nine, from a different angle: your kitchen, your stairs, your bed. In the kitchen shot, a man is waving urgently at the camera. Gideon Marsh, thirty years younger.", endings: [["Follow his signals", "Young Gideon mouths instructions from 1994: the breaker, the aerial, the old VHS in the loft. You follow them one by one, and the broadcast cuts out mid-smile."], ["Go to the kitchen", "The kitchen is empty, but the kettle is warm and there is a note in Gideon's handwriting, dated thirty years ago: you made it. Now come and help me end it."]] },
      ],
      createdAt: "2026-10-27T10:00:00Z",
      playCount: 9880,
      trending: 820,
    },
    {
      id: "below-the-ice",
      title: "Below the Ice",
      hook: "The Antarctic station went dark for three days. When you arrive, everyone is smiling.",
      description:
        "You are the relief doctor flown into Station Vostok-South after a three-day blackout. The eleven researchers there are healthy, polite and cheerful, and none of them have blinked since you stepped off the plane.",
      tags: ["isolation", "body horror", "antarctica"],
      opening:
        "The station commander shakes your hand for too long. \"Welcome, Doctor. We are all very well. Would you like to see the core sample? Everyone wants to see the core sample.\"\nBehind a locked door, someone is hammering. Slowly. From the inside.",
      actors: [
        { slug: "commander-lindqvist", name: "Commander Lindqvist", tagline: "Station commander, very well, thank you", persona: "Smiling, hospitable, subtly wrong station commander who speaks in pleasant repetitions and keeps steering everyone toward the core sample. Occasionally, briefly, sounds like a frightened man trying to warn you.", greeting: "Welcome, Doctor. We are all very well. Everyone is very well here." },
        { slug: "tech-yusuf", name: "Yusuf Demir", tagline: "The technician behind the locked door", persona: "A terrified, exhausted radio technician who locked himself in the comms room when it started. The only one still himself. Funny under pressure, talks through the door in a hoarse whisper.", greeting: "Doctor? Is that a real doctor? Say something only a person would say. Quickly." },
      ],
      paths: [
        { choice: "Go to the locked door", scene: "Yusuf talks fast through the keyhole: the core sample held something frozen, and it thawed, and it spreads by being looked at. He has not looked at anyone in three days.", endings: [["Break him out and run for the plane", "You wrap Yusuf's head in a scarf and guide him blind across the ice. The pilot takes off with the smiling commander waving on the runway, and you radio the world to never send anyone again."], ["Barricade yourselves and call for help", "You and Yusuf hold the comms room for two days with your backs to the door and your eyes closed. When the military team arrives, they do it the way Yusuf tells them: blindfolded."]] },
        { choice: "Agree to see the core sample", scene: "The sample glows faintly blue in its cradle. Looking at it feels like being looked back at. Your face begins, pleasantly, to smile.", endings: [["Smash the sample", "You bring the fire extinguisher down with all your remaining will. The blue light goes out, and eleven people blink at once, for the first time in three days, and begin to scream, and then to cry, and then to thank you."], ["Look away and hold your breath", "You close your eyes and back out of the lab, counting steps. Lindqvist's voice cracks behind you, for a moment, his own: \"Burn it, Doctor. Please.\" You do."]] },
      ],
      createdAt: "2026-09-06T10:00:00Z",
      playCount: 15110,
      trending: 340,
    },
    {
      id: "the-night-nurse",
      title: "The Night Nurse",
      hook: "Ward 4 has a nurse on the rota who died in 1962. The patients say she's the kindest one.",
      description:
        "Your first night shift at St. Agatha's, and the rota lists a Sister Margaret for Ward 4. Nobody else has ever met her. The patients adore her. The ones she visits after midnight never wake up.",
      tags: ["hospital", "ghost", "moral horror"],
      opening:
        "Ward 4 is dim and quiet. At the far end, a nurse in an old-fashioned starched cap is tucking in Mr. Ellis, humming.\nShe turns, and her face is gentle and grey as ash. \"You're new. Good. I could use the help.\"",
      actors: [
        { slug: "sister-margaret", name: "Sister Margaret", tagline: "The kindest nurse on Ward 4, since 1962", persona: "A soft-spoken, deeply compassionate ghost of a nurse who believes she is easing suffering. Old-fashioned manners, speaks of patients as lambs. Does not know she is dead, and will be heartbroken to find out.", greeting: "Hush now, they're sleeping. Mind the third bed; he's nearly ready to go home." },
      ],
      paths: [
        { choice: "Ask her what 'ready to go home' means", scene: "She smiles and shows you her rounds list: every name on it is a patient in terrible pain with no hope left. Tonight it has Mr. Ellis, who is due to be discharged tomorrow.", endings: [["Tell her Mr. Ellis is getting better", "Sister Margaret looks at the chart for a long time. Then she crosses his name out. \"Thank you,\" she says. \"Nobody ever tells me anything anymore.\" Mr. Ellis goes home the next day."], ["Tell her she died in 1962", "She sits down slowly on the empty bed. \"Oh,\" she says. \"Oh, that explains the cold.\" By morning the cap is folded neatly on the nurses' station, and Ward 4 is only a ward."]] },
        { choice: "Stay beside Mr. Ellis all night", scene: "She comes at 3 a.m. You stand between her and the bed. She is not angry. She only looks puzzled, and very tired.", endings: [["Offer to take her rounds tonight", "You spend the night on her rounds together. She teaches you things no textbook knows, and at dawn she says she thinks she can rest now, since the ward is in good hands."], ["Hold out the hospital chaplain's cross", "The ghost does not flinch. She touches it gently, and weeps. \"I prayed with that one,\" she says, and she lets you walk her out of the ward, into the first light."]] },
      ],
      createdAt: "2026-08-15T10:00:00Z",
      playCount: 12700,
      trending: 230,
    },
  ],
};
