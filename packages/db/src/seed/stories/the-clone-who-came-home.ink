// The Clone Who Came Home: you died on Mars last year, and someone else answers your front door.
VAR theo_trust = 0
VAR bond = 0
VAR saw_bay = false
VAR knows_edit = false
-> opening

=== opening ===
# scene: front-door
# goal: find out who is living your life
The door opens and you are looking at yourself. Same scar over the eyebrow. Same flinch.
Behind her, Theo, your husband, drops a mug of coffee. "Oh no," he says. "Oh no, not again." # speaker: theo-marsh
The last thing you remember is the Valles habitat groaning, the red dust coming through the seals, and Theo's voice on the radio from two hundred million kilometres away, saying your name.
* [Demand to know what 'again' means]
  -> basement
* [Walk away before anyone explains]
  -> street

=== basement ===
# scene: basement-clone-bay
Theo does not argue. He takes you down to the basement, the other you following on bare feet, silent.
It is a clone bay. Illegal, humming, patched together from hospital surplus and his own engineering. A tank of amber fluid glows in the corner, empty now, still warm.
"I couldn't accept it. I couldn't. So I restored your backup. You're the third." He can't look at either of you. "She's the second." # speaker: theo-marsh
~ saw_bay = true
* [Ask what happened to the first]
  -> postcards
* [Read the backup log on the console]
  -> backup_log

=== street ===
# scene: suburban-street
You make it three streets before the other you catches up, barefoot and breathless.
"I'm leaving too," she says. "I've been wondering if I'm real for a year."
~ bond++
Up close she is thinner than you. She has a new habit, pulling at her sleeve. You wonder what else a year has done.
* [Sit with her on the kerb]
  ~ bond++
  You sit. She sits. You both put your chins in your hands at the same moment and then, helplessly, laugh.
  "Call me Two," she says. "It's less weird than you'd think."
  -> kitchen
* [Ask her what Theo isn't telling you]
  "Everything," she says. "He's a lovely man who is terrible at telling things. You know that. You married him."
  -> kitchen

=== backup_log ===
# scene: basement-clone-bay
The log is neat, like everything Theo builds. Backup taken eleven days before the collapse. Restored, once, fourteen months ago. Restored again, last night.
And one line, in the restore settings, that makes your stomach drop: memory segment excluded, days minus eleven to minus nine.
~ knows_edit = true
Two days are missing from you. Two days, just before you left for Mars.
* [Ask Theo what was in those two days]
  He goes grey. "Please. Not in front of the tank." # speaker: theo-marsh
  -> kitchen
* [Say nothing, for now]
  You close the log. Theo sees you close it. Neither of you says a word.
  -> kitchen

=== postcards ===
# scene: basement-clone-bay
Theo takes a shoebox down from a shelf. Postcards. Lisbon, Porto, the Algarve, a lighthouse somewhere cold. Each one signed in your handwriting: One.
"She woke up and looked at me for an hour and then she packed a bag. She said she loved me, and she had to find out who she was without me. She writes every month." # speaker: theo-marsh
The latest one says: the sea here is very loud. I am happy. Tell the next one she can be happy too.
~ bond++
-> kitchen

=== kitchen ===
# scene: kitchen
Theo makes coffee for three, because he does not know how else to be. The other you takes hers with oat milk. You never used to. Or you did, and you don't remember.
"Sit down. Please. I'll explain, I'll explain everything, just please sit down." # speaker: theo-marsh
{ knows_edit: You watch him twist his wedding ring round and round, and you think about the two missing days. }
* [Sit down and listen]
  ~ theo_trust++
  -> mars
* [Stay standing]
  You stay standing. So does Two. You both realise it at the same time and look at each other.
  ~ bond++
  -> mars

=== mars ===
# scene: kitchen
He tells it badly, in the wrong order, the way people tell the worst thing. The collapse at Valles. The forty-minute radio lag. The body they never recovered.
"The law says you can restore a backup when someone's dead. You were dead. I just did it more than once." # speaker: theo-marsh
Two puts her cup down very carefully. "He asked me, last month, if I was happy. I said yes. I think that's when he started building you."
* [Ask Theo why he made another]
  He stares at the table. "Because she said yes, and she was lying, and I could tell. You always pull your sleeve when you lie." # speaker: theo-marsh
  Two stops pulling her sleeve.
  -> confession
* [Ask Two what she wants]
  ~ bond++
  "I want to stop being the understudy," she says. "I want a name that isn't a number, and I want to see what One's sea sounds like."
  -> confession

=== confession ===
# scene: back-garden
Later, in the dark garden, Theo tells you the rest without being asked, which is the bravest thing you have ever seen him do.
"Two days before Mars, you told me you were leaving. Not for Mars. Leaving me. I cut those days out of every backup. I wanted the version of you who hadn't decided yet." # speaker: theo-marsh
{ knows_edit: So that is what was in the missing days. You had already guessed. It still lands like a slap. }
* [Tell him you forgive him]
  ~ theo_trust++
  ~ theo_trust++
  He cries, silently, the way he always did, with his face turned away so you won't have to see.
  -> porch
* [Tell him you need those days back]
  "I kept them," he whispers. "I couldn't delete them. They're on a drive in the bay. They're yours." # speaker: theo-marsh
  ~ theo_trust++
  -> porch

=== porch ===
# scene: front-porch
After midnight you and Two sit on the porch steps in borrowed cardigans, the same cardigan twice, passing one cigarette neither of you actually smokes.
"So," she says. "Two of us, one Theo, one house, one life. The maths is rubbish."
* [Tell her you want to see One's sea]
  ~ bond++
  She grins, your grin. "Lisbon's supposed to be lovely in spring."
  -> last_choice
* [Tell her you want to try, here]
  She nods slowly. "One of us should. I think it should be the one who still looks at him like that."
  -> last_choice

=== last_choice ===
# scene: front-porch
Inside, you can hear Theo washing up three cups very slowly, so he will not have to hear you decide.
* { bond >= 3 } [Take the train north with Two]
  -> end_together
* { theo_trust >= 2 } [Go back inside and start again, honestly]
  -> end_coffee
* { saw_bay } [Shut the clone bay down]
  -> end_last
* [Turn yourselves in, all three of you]
  -> end_court

=== end_together ===
# scene: coastal-train
Two women with one face take the train north with one suitcase between them. Neither of you is the original, and somewhere along the coast that stops mattering.
You send Theo a postcard from the first station. It says: we are both all right. It is signed: Three, and underneath, in a different pen, Two.
A month later a third name joins the postcards from Lisbon, and the three of you argue about whose turn it is to pay for coffee. THE END.
-> END

=== end_coffee ===
# scene: kitchen
You go back in. Theo is sitting on the kitchen step with a tea towel over his knees. He doesn't ask for anything.
He just asks, very quietly, if either of you would like coffee.
"Yes," says Two, behind you, before you can. "Oat milk. Apparently."
"Oat milk," Theo says, wet and startled, and starts to laugh. "Both of you. Of course. Sit down." # speaker: theo-marsh
This time nobody drops the mug. THE END.
-> END

=== end_last ===
# scene: basement-clone-bay
You go down to the basement and pull the plug while Theo watches from the stairs and does not stop you.
The amber light in the tank fades. The hum stops. The house is very quiet.
"Thank you," he whispers. # speaker: theo-marsh
Whichever of you stays, it will be the last one.
Two takes the drive with your missing days off the console and puts it in your hand. "Yours," she says. "Whatever's on it." THE END.
-> END

=== end_court ===
# scene: courtroom
The three of you walk into the police station together at nine the next morning. The duty sergeant looks at you, then at Two, then at Theo, and puts down his sandwich.
The case takes two years. In the end a court rules, for the first time, on what a copy of a person is owed: a name, a choice, and the right to say no to the person who made her.
Theo serves eight months. Two testifies. You testify. One sends a postcard to the judge. THE END.
-> END
