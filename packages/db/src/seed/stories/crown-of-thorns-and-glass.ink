// Crown of Thorns and Glass: a cursed crown chooses a kitchen servant, and the court has until the bell.
VAR sees_lies = false
VAR has_vial = false
VAR tamsin_trust = 0
VAR sable_favour = 0
-> opening

=== opening ===
# scene: throne-room
# goal: survive until the next bell
The crown is colder than ice and it hums when you hold it. Forty nobles stare at you across the marble. Nobody breathes.
Then Lady Sable, the spymaster, steps forward and smiles the way a knife smiles.
"Well. The crown has terrible taste, or excellent taste. Let us find out which." # speaker: lady-sable
Your apron still has flour on it. An hour ago you were carrying the queen's supper up the back stairs.
* [Put the crown on]
  ~ sees_lies = true
  -> crown_on
* [Run for the servants' stair]
  -> stair

=== crown_on ===
# scene: throne-room
The glass sings. Every lie spoken in the room becomes visible as frost on the speaker's lips.
"Long live the queen," says the Lord Chancellor, Varro, and his mouth goes white as a window in January.
Half the court is frosted white. Sable's lips are clear. So are Tamsin's.
* [Ask the room who killed the queen]
  Forty voices say "Nobody knows, Majesty." Thirty-nine of them stay clear. Varro's beard is rimed with ice.
  ~ sable_favour++
  Sable's eyebrow rises one approving hair. "Oh, I like you." # speaker: lady-sable
  -> council
* [Say nothing, and watch them lie]
  You sit on the throne's edge and let them talk. Every compliment comes out frosted. It is the loneliest thing you have ever seen.
  -> council

=== stair ===
# scene: servants-stair
You are three steps down the servants' stair before the first shout. Sable catches you in the dark of the stair with a single gloved hand.
"Clever. Wrong, but clever." # speaker: lady-sable
She presses a panel you have walked past a thousand times and pulls you into a passage only spies know about.
* [Ask why she is helping you]
  "Helping? I am investing." # speaker: lady-sable
  ~ sable_favour++
  -> passage
* [Pull free and hide in the dark]
  You wrench away and crouch behind a beam. Her lamp finds you in four seconds.
  "Darling, I built this dark." # speaker: lady-sable
  -> passage

=== passage ===
# scene: spy-passage
The passage runs behind every wall of the palace. Through the peepholes you glimpse the court arguing about whether to kneel to you or hang you.
Sable stops at a narrow grille above the queen's bedchamber. On the bedside table, her supper tray. Your tray. The cup you carried up, now empty.
"Poisoned. Not by you, relax, you have an honest face, it's tragic. But they will say it was you." # speaker: lady-sable
* [Climb down and take the cup]
  ~ has_vial = true
  You lower yourself into the bedchamber and take the cup. At the bottom, a residue that smells of bitter almonds and a stopper from a glass vial, etched with a chancellor's seal.
  -> council
* [Leave it for the guards to find]
  "Prudent," Sable says, sounding disappointed. # speaker: lady-sable
  -> council

=== council ===
# scene: antechamber
They find you, or let you be found, in the gilded antechamber. Lord Chancellor Varro is all concern.
"Majesty. For your own safety, you must abdicate at the bell. The crown is a burden for trained shoulders." He pushes a goblet of wine toward you.
{ sees_lies: His lips frost over as he says safety. }
The door bangs open. Prince Tamsin, the dead queen's younger son, still in his riding clothes, red-eyed.
"It should have been me. Don't look at me like that. I know it should have been me." # speaker: prince-tamsin
* [Push the goblet to Varro and ask him to drink first]
  Varro smiles and does not drink. Tamsin notices. Tamsin is, you realise, very good at noticing.
  ~ tamsin_trust++
  -> gallery
* [Ask Tamsin to walk with you]
  -> gallery

=== gallery ===
# scene: portrait-gallery
You walk the long gallery with Tamsin between two hundred painted kings and queens.
"My mother told me that crown would never choose me. She said I had too much pride and not enough bread in me." # speaker: prince-tamsin
He stops under her portrait.
"She was right. I hate that she was right." # speaker: prince-tamsin
* [Tell him it should have been him]
  ~ tamsin_trust++
  He stares at you. "That is the first kind lie anyone has told me today." # speaker: prince-tamsin
  { sees_lies: Your own lips stay clear. He sees it. He looks away very quickly. }
  -> kitchens
* [Tell him the crown knows better than either of you]
  ~ sable_favour++
  "Spoken like one of Sable's," he says, and it is not a compliment. # speaker: prince-tamsin
  -> kitchens

=== kitchens ===
# scene: palace-kitchens
You end up where you always end up when the world is wrong: the kitchens. The ovens are still warm. The cook, Old Bettany, drops a ladle when she sees the crown.
She tells you, in a furious whisper, that the queen's cup was refilled on the stair by the chancellor's own steward, who said the queen had asked for it sweeter.
* [Ask Bettany to swear to it before the court]
  She turns pale, then squares her shoulders. "For you, pet. For you I'd swear to anything, and this one's true."
  -> vigil
* [Ask Tamsin to find the steward]
  ~ tamsin_trust++
  Tamsin is gone before you finish the sentence. He comes back with the steward by the collar and a small glass vial in his other hand.
  "He was packing," Tamsin says. "Innocent men do not pack." # speaker: prince-tamsin
  ~ has_vial = true
  -> vigil

=== vigil ===
# scene: royal-chapel
The queen lies in the chapel under a sheet of white silk. You have never been this close to her. She was smaller than you thought.
Sable comes in without a sound and stands at the foot of the bier.
"She chose her servants the way that crown does, you know. By what they did when no one was watching. Shall I tell you what you did when no one was watching?" # speaker: lady-sable
"You carried her supper up four flights of stairs every night for six years, and never once tasted it." # speaker: lady-sable
* [Ask Sable what she wants]
  "A realm that survives the next ten years. Rulers are a detail." # speaker: lady-sable
  -> bell
* [Kneel beside the queen]
  You kneel on the cold stone. After a moment, so does Sable, which you suspect she has not done for anyone in decades.
  ~ sable_favour++
  -> bell

=== bell ===
# scene: throne-room
The bell tolls. The court fills the throne room to the walls. Varro stands at the foot of the dais with six guards and a face of tender regret.
"Majesty, the time has come. Will you lay down the crown?"
* { sees_lies or has_vial } [Accuse Lord Chancellor Varro]
  -> end_justice
* { tamsin_trust >= 2 } [Place the crown on Tamsin's head]
  -> end_tamsin
* { sable_favour >= 2 } [Give Sable your hand, and the realm]
  -> end_sable
* [Break the crown on the marble]
  -> end_shattered

=== end_justice ===
# scene: throne-room
{ has_vial: You hold up the etched vial. The chancellor's seal catches the light from every window at once. | You ask Varro, before forty witnesses, whether he poisoned the queen. "No," he says, and the frost closes his mouth like a gag. }
The guards look at each other, then at Sable, who nods, once.
They take Varro away. The court kneels, all of it, slowly, like a field of wheat in the wind.
Sable murmurs at your ear, "Terrible taste after all. Wonderful." # speaker: lady-sable
You rule for forty years. The palace bread is famously excellent. THE END.
-> END

=== end_tamsin ===
# scene: throne-room
You lift the crown from your own head and set it on his. For a heartbeat the glass shrieks, and everyone flinches.
Then it quiets, and hums, and stays. A crown given freely is a crown chosen twice.
Tamsin looks at you with wet eyes. "Stay. Be my chancellor. Be the one who tells me when I'm frosted." # speaker: prince-tamsin
You do. It is a long and happy reign, with a great deal of arguing in it. THE END.
-> END

=== end_sable ===
# scene: throne-room
You hold out your hand and Sable takes it, and the court sees exactly what it is meant to see: a kitchen girl queen with a spymaster at her shoulder.
"Smile at them," Sable murmurs. "Wave. I'll handle the rest. I always have." # speaker: lady-sable
{ tamsin_trust > 0: Tamsin watches from the side of the hall and gives you a small, rueful bow. }
The realm is stable, prosperous and terrified of you. You are never quite sure who is ruling it. THE END.
-> END

=== end_shattered ===
# scene: throne-room
You raise the crown over your head and bring it down on the marble. It breaks into a thousand singing pieces, and every noble in the hall clutches their ears.
"No crown," you say into the ringing silence. "Sit down. All of you. We are going to have to talk."
Tamsin laughs, a startled, real laugh. "Oh, Mother would have hated this." # speaker: prince-tamsin
"Or adored it," Sable says. "She was never as simple as she looked. Neither, it turns out, are you." # speaker: lady-sable
Veyra becomes a realm of councils and arguments and very long meetings, and by the time you are old, you still bake the bread for them. THE END.
-> END
