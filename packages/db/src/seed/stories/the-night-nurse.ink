// The Night Nurse: Ward 4 has a nurse on the rota who died in 1962, and the patients love her.
VAR margaret_trust = 0
VAR knows_fire = false
VAR ellis_awake = false
VAR eased_bed_seven = false
-> opening

=== opening ===
# scene: ward-four
# goal: keep Mr. Ellis alive until morning
Ward 4 is dim and quiet. At the far end, a nurse in an old-fashioned starched cap is tucking in Mr. Ellis, humming.
She turns, and her face is gentle and grey as ash. "You're new. Good. I could use the help." # speaker: sister-margaret
"Hush now, they're sleeping. Mind the third bed; he's nearly ready to go home." # speaker: sister-margaret
The third bed is Mr. Ellis. His chart says he is being discharged tomorrow morning. His daughter is collecting him at ten.
* [Ask her what 'ready to go home' means]
  -> rounds
* [Stay beside Mr. Ellis]
  -> vigil

=== rounds ===
# scene: nurses-station
She smiles and shows you her rounds list, written in fountain pen on a card gone soft with handling.
Every name on it is a patient in terrible pain with no hope left. Mrs. Achterberg, bed seven. Mr. Dunmore, who died last week. And tonight, at the bottom, in fresh ink: Mr. Ellis.
"I help them home," she says simply. "It's what we're for, at the end. Easing." # speaker: sister-margaret
* [Tell her Mr. Ellis is going home tomorrow, to his daughter]
  She frowns, as if at a sum that doesn't add up. "Is he? But he's on my list. He's been on my list a very long time." # speaker: sister-margaret
  -> tea
* [Ask who gives her the names]
  "Matron," she says at once. Then, less sure: "Matron did. Matron used to." She looks down at the card as if she has never seen it before. # speaker: sister-margaret
  ~ margaret_trust++
  -> tea

=== vigil ===
# scene: ward-four
You pull a chair up beside Mr. Ellis's bed. He is snoring gently. His hand, on the blanket, is old and freckled and has a faded burn scar across the back.
Sister Margaret watches you from the end of the ward, puzzled, not unkind. "There's no need to sit with that one, dear. I'll see to him later." # speaker: sister-margaret
* [Tell her you'd like to keep him company]
  "Of course. Company is the best medicine. Matron always said so." She sounds almost relieved. # speaker: sister-margaret
  ~ margaret_trust++
  -> tea
* [Ask her what she means by later]
  "After midnight. When it's quiet. That's when they go easiest." She smiles at you as if you are a very slow student. # speaker: sister-margaret
  -> tea

=== tea ===
# scene: ward-kitchen
At midnight she makes tea in the ward kitchen with a kettle that isn't there, in cups that aren't there, and hands you one. It is warm in your hands. It is not there.
"You've got good hands," she says. "Gentle. The young ones usually don't, not at first. They're all rush." # speaker: sister-margaret
She tells you about the ward in winter, the coal fires, the children's ward next door, the Christmas they had a snowman in the corridor.
* [Ask her about the children's ward]
  ~ margaret_trust++
  "My lambs. Oh, they were a handful. There was a boy, Georgie, who set fire to his bedclothes with a torch battery, and I had to carry him out under my arm like a parcel." # speaker: sister-margaret
  -> ellis
* [Ask her what year it is]
  She laughs. "Nineteen sixty-two, of course. Christmas next week." She puts her cup down in a saucer that isn't there. # speaker: sister-margaret
  -> ellis

=== ellis ===
# scene: ward-four
At half past twelve Mr. Ellis wakes, thirsty, and you bring him water. He looks past you at the far end of the ward and his face goes soft.
"She's still here. Sister Margaret. I was in this hospital in sixty-two. The children's ward. She carried me out of a fire under her arm."
Georgie Ellis. The boy with the torch battery.
* [Tell him she's still here]
  ~ ellis_awake = true
  "I know," he says. "I've seen her every night this week. I thought I was dying. Maybe I am. I'd like to thank her first."
  -> records
* [Let him go back to sleep]
  He drifts off again, smiling. You tuck the blanket round him the way she did.
  -> records

=== records ===
# scene: records-basement
At one in the morning you go down to the records basement with a torch and a porter's key. The 1962 boxes are at the back, smelling of mould.
December 1962. Fire in the children's ward, St. Agatha's. Eleven children evacuated by Sister Margaret Rourke, who returned for a twelfth and was overcome by smoke. The twelfth child, George Ellis, aged eight, survived. She did not.
~ knows_fire = true
* [Take the page with you]
  You fold it into your tunic pocket. It is the only proof you have, and you are not sure yet what it proves.
  -> bed_seven
* [Put it back, carefully]
  You put it back. She has been dead for sixty years. Some things should stay in boxes. You are not sure you believe that.
  -> bed_seven

=== bed_seven ===
# scene: ward-four
When you come back up, Sister Margaret is at bed seven. Mrs. Achterberg is ninety-four and in terrible pain, the kind the morphine barely touches any more. She has been asking to die for a week.
Margaret is holding her hand, humming. Mrs. Achterberg's face is calm for the first time since you came on shift.
"This one is ready," Margaret says quietly. "Truly ready. You can see it, can't you?" # speaker: sister-margaret
* [Let her stay with Mrs. Achterberg]
  ~ eased_bed_seven = true
  You stand at the foot of the bed while Margaret hums. Mrs. Achterberg goes, very gently, just after two. You do the paperwork. Your hands shake doing it.
  -> three_am
* [Call the doctor for more morphine instead]
  You page the doctor. Margaret watches you, hurt and puzzled, and steps back from the bed. The doctor comes, and adjusts the drip, and Mrs. Achterberg sleeps, and does not die, not tonight.
  -> three_am

=== three_am ===
# scene: ward-four
3 a.m. She comes down the ward toward the third bed with her rounds list in her hand and her cap very white in the dark.
"Now then," she says, gently, to Mr. Ellis. "Time to go home, Georgie." # speaker: sister-margaret
{ ellis_awake: Mr. Ellis is awake, sitting up against his pillows, watching her come. }
{ eased_bed_seven: She looks at you as she passes. "Thank you for earlier, dear. You understood." }
-> the_last_round

=== the_last_round ===
# scene: ward-four
You have seconds.
* { knows_fire and margaret_trust >= 2 } [Tell her, gently, what happened in 1962]
  -> end_rest
* { ellis_awake } [Let Georgie speak to her]
  -> end_georgie
* [Stand between her and the bed]
  -> end_stand
* [Let her finish her round]
  -> end_round

=== end_rest ===
# scene: ward-four
"Sister," you say. "It's not 1962. The fire was sixty years ago. You got eleven of them out, and then you went back for Georgie, and you got him out too. You didn't come out."
She stands very still. The rounds list trembles in her hand.
"Oh," she says. "Oh, dear. I did wonder why Matron never came. And why the tea was always cold." # speaker: sister-margaret
She looks down at Mr. Ellis, at the burn scar on his hand, and understands. "Georgie. You got old. Good boy." # speaker: sister-margaret
She folds the rounds list very neatly and puts it in your hand, and is gone, and the ward is only a ward. THE END.
-> END

=== end_georgie ===
# scene: ward-four
"Sister Margaret," Mr. Ellis says, in a voice that sounds eight years old. "It's Georgie. You carried me out. I've wanted to say thank you for sixty years."
She stops. She looks at him for a long time. Her grey face, slowly, fills with a colour that is almost pink.
"Georgie Ellis," she says. "Well, look at you. All grown up and going home. Off you go, then, lamb. Your daughter's coming at ten." # speaker: sister-margaret
She crosses his name off her list. Then, thoughtfully, she crosses off all the rest. At ten, his daughter comes. THE END.
-> END

=== end_stand ===
# scene: ward-four
You stand between her and the bed. She is not angry. She only looks puzzled, and very tired.
"He's on my list," she says. "I don't understand. Why would you stop me easing him?" # speaker: sister-margaret
"Because he isn't suffering. He's going home tomorrow. To his daughter."
She stands there until the first grey light, and then she isn't there. At ten, Mr. Ellis goes home. The next night, and the next, she is back. You ask for permanent nights on Ward 4. Someone has to stand there. THE END.
-> END

=== end_round ===
# scene: ward-four
You step back. She bends over Mr. Ellis, and hums, and he smiles up at her like a child, and closes his eyes.
At ten his daughter comes with a bag of clean clothes and a bunch of daffodils. You have to tell her.
Sister Margaret's rounds list is lying on the nurses' station when you finish your shift. There is a new name at the bottom, in fresh ink. It is yours. THE END.
-> END
