// Roommate Roulette: an app picked your flatmates, and one of them has walked on the Moon.
VAR harmony = 0
VAR knows_sleepwalk = false
VAR heard_frank = false
VAR gus_spoke = false
-> opening

=== opening ===
# scene: flat-kitchen
# goal: survive your first month in the flat
The flat has four rooms, one bathroom and a fridge covered in sticky notes. One says WHO ATE MY YOGHURT. Another says NOT ME, GUS. A third, in neat capitals: I HAVE BEEN TO THE MOON. I WILL FIND OUT.
A tall woman of seventy-four in a tracksuit appears in the kitchen doorway with a clipboard. "Welcome aboard. Shoes off, label your food, and never touch the thermostat. Questions?" # speaker: bernadette-hale
Behind her, a young woman in scrubs with her hair in a pen: "Hi! New person! Do you cook? Please say you cook. I have eaten cereal for dinner for nine days." # speaker: priya-shah
* [Solve the yoghurt mystery]
  -> trap
* [Organise a flat dinner]
  -> dinner

=== trap ===
# scene: flat-kitchen
You set a trap: one yoghurt, labelled, front and centre, and your phone propped on the bread bin, recording.
At 2 a.m. the camera catches the thief: Bernadette herself, in a nightie and moon boots, sleepwalking, eating the yoghurt with a teaspoon and muttering launch checklists. Fuel pressure nominal. Yoghurt nominal.
~ knows_sleepwalk = true
* [Show Priya]
  Priya watches it four times, crying with laughter, then stops. "Oh. Oh, that's actually a medical thing. Is she okay? Has she got anyone?" # speaker: priya-shah
  ~ harmony++
  -> rota
* [Show only Bernadette, privately]
  Bernadette watches the video in silence, then puts the phone face down. "That's mortifying. Thank you for not making it a fridge note." # speaker: bernadette-hale
  ~ harmony++
  -> rota

=== dinner ===
# scene: flat-kitchen
You announce a flat dinner. Priya brings noodles, Gus brings his guitar, Bernadette brings a checklist for the dinner.
It is chaos. The smoke alarm goes off twice. Bernadette times the pasta with a stopwatch she says went round the Moon. Priya falls asleep face down in the garlic bread.
Then Gus, for the first time, speaks: "This is nice."
~ gus_spoke = true
Everyone stares at him. He goes scarlet and writes THIS IS NICE on a sticky note and puts it on the fridge, for the record.
* [Make it a weekly thing]
  ~ harmony++
  Bernadette adds it to the checklist. Priya adds a smiley face. Gus adds a small drawing of a guitar.
  -> rota
* [Ask Gus what else he's been wanting to say]
  He thinks about it for a long time, then writes on a sticky note: THE THERMOSTAT IS TOO LOW. Bernadette reads it and looks betrayed.
  -> rota

=== rota ===
# scene: flat-bathroom
Monday, 7:30 a.m. Four people, one bathroom, and Bernadette in the corridor with a laminated rota and a stopwatch.
"Four minutes each. I did my ablutions in a capsule the size of a wardrobe for eleven days, you can manage a shower." # speaker: bernadette-hale
Priya, hopping, toothbrush in her mouth: "I have a ward round at eight, I will die, I will literally die, and I'm the one who'd have to certify it." # speaker: priya-shah
* [Give Priya your slot]
  ~ harmony++
  Priya kisses you on the cheek with toothpaste on it and vanishes into the steam. Bernadette makes a note on the rota: crew member displays initiative.
  -> exam
* [Propose a rota that puts the night-shift worker last]
  Bernadette considers your rota with narrowed eyes, then produces a red pen and improves it. The result is terrifyingly efficient.
  -> exam

=== exam ===
# scene: living-room
Thursday, 1 a.m. Priya is on the living room floor surrounded by flashcards, rocking slightly. Her final pharmacology exam is at nine.
"I know nothing. I know literally nothing. Ask me anything. No, don't, I'll cry." # speaker: priya-shah
* [Quiz her until she gets them all right]
  ~ harmony++
  You quiz her for three hours. By four she is getting them all right and shouting the answers. Gus slides a note under his door: SHE KNOWS IT. GO TO BED.
  -> roof
* [Make her a proper meal instead]
  You make her eggs and toast and tea. She eats it like someone who hasn't seen food since the Romans. "I'm going to pass," she says, mouth full, "purely out of spite at being this well looked after." # speaker: priya-shah
  -> roof

=== roof ===
# scene: flat-roof
At three in the morning you find Bernadette on the flat roof with a telescope, in a dressing gown, looking up.
"Couldn't sleep. Or I was asleep, and I came up here. One never knows, these days." # speaker: bernadette-hale
The Moon is almost full, bright enough to read by.
* [Ask her what it was like up there]
  "Quiet. Grey. The most beautiful grey you've ever seen. And the Earth, hanging there, so small you could cover it with your thumb. I did. Everyone does." # speaker: bernadette-hale
  -> flood
* [Ask her who she's really looking for]
  ~ heard_frank = true
  She is quiet for a long time. "Frank. My husband. He was mission control for my flight. He talked me down. Forty-nine years of talking me down." # speaker: bernadette-hale
  "He died in March. I don't sleep well in an empty house. That's why I'm in a flatshare at seventy-four. Don't tell Priya. She'll be kind at me." # speaker: bernadette-hale
  -> flood

=== flood ===
# scene: gus-room
On Saturday a pipe bursts above Gus's room. By the time anyone notices, there are three inches of water on the floor and his amp is floating.
Bernadette takes command at once, and for ten minutes the flat runs like a mission: towels, buckets, the stopcock, the electrics off. Priya bails with a saucepan. Gus saves his guitar above his head like a man crossing a river.
* [Follow Bernadette's orders to the letter]
  ~ harmony++
  "Good crew," Bernadette says at the end, soaked, to all of you. She does not say that often. She does not say it to people she does not mean. # speaker: bernadette-hale
  -> meeting
* [Rescue Gus's notebooks of songs]
  You grab the notebooks from the bottom shelf just before the water gets them. Gus holds them to his chest and says, out loud, his second sentence in a month: "Thank you. Gig's Friday. Come."
  ~ gus_spoke = true
  -> meeting

=== meeting ===
# scene: flat-kitchen
At the end of the month the app sends everyone a notification: Rate your flatmates! Your lease renewal is due.
The four of you sit round the kitchen table with the notes on the fridge between you. YOGHURT SOLVED. THIS IS NICE. SHE KNOWS IT. The fridge is mostly notes now.
"Well," says Bernadette. "Mission debrief. Anyone want to abort?" # speaker: bernadette-hale
* { harmony >= 4 } [Renew the lease, all four of you]
  -> end_crew
* { heard_frank } [Take Bernadette to the observatory for her birthday]
  -> end_observatory
* { gus_spoke } [Go to Gus's gig on Friday, all of you]
  -> end_gig
* [Move out, and take a sticky note with you]
  -> end_moving

=== end_crew ===
# scene: flat-kitchen
Four hands go up at once. Priya cries. Bernadette pretends she has something in her eye. Gus writes YES on a sticky note and puts it on the fridge, dead centre.
You delete the app. You don't need it any more.
"Right," Bernadette says, reaching for her clipboard. "New checklist. Item one: someone buy more yoghurt." # speaker: bernadette-hale
It is the best flat you have ever lived in, and you live in it for five years. THE END.
-> END

=== end_observatory ===
# scene: observatory
On her birthday you drive Bernadette to the university observatory, where an old colleague of Frank's lets her use the big telescope after hours.
She looks at the Moon for a long time. Then she finds the Sea of Tranquillity, and the tiny grey speck that is her landing site, where a pair of footprints are still waiting.
"Frank," she says, to the Moon, very quietly. "I'm living with children. You'd love it." # speaker: bernadette-hale
{ knows_sleepwalk: She never sleepwalks again. Priya says it's a medical mystery. Bernadette says it's a mission accomplished. }
THE END.
-> END

=== end_gig ===
# scene: pub-back-room
Friday, in the back room of a pub, Gus plays to eleven people, four of whom live with him.
He sings. Nobody knew he could sing. His voice is low and warm and full of every sentence he never said out loud.
Priya holds your arm so hard it bruises. Bernadette films the whole thing on a phone held the wrong way round and sends it to everyone she has ever met.
"He should talk more," Priya whispers. # speaker: priya-shah
"Shh," says Bernadette. "He's talking now." # speaker: bernadette-hale
THE END.
-> END

=== end_moving ===
# scene: flat-doorway
You move out at the end of the month, for a job in another city. You were never going to stay, but you didn't expect it to feel like this.
On your last morning you take one sticky note from the fridge for your wallet: THIS IS NICE.
Priya hugs you with her whole body. "Come back for dinner. Weekly thing. You can't escape a weekly thing." # speaker: priya-shah
Bernadette shakes your hand like an astronaut. Gus gives you a note: DON'T LABEL YOUR FOOD IN THE NEW PLACE. LET THEM FIND YOU. THE END.
-> END
