// Below the Ice: an Antarctic station after a three-day blackout, where everyone is smiling and nobody blinks.
VAR smiling = 0
VAR yusuf_trust = 0
VAR has_goggles = false
VAR radio_fixed = false
-> opening

=== opening ===
# scene: station-airlock
# goal: find out what happened in the blackout, and get out
The station commander shakes your hand for too long. "Welcome, Doctor. We are all very well. Would you like to see the core sample? Everyone wants to see the core sample." # speaker: commander-lindqvist
Behind a locked door, someone is hammering. Slowly. From the inside.
The plane that brought you has already turned back for the coast. The next one is in four days. Eleven researchers are standing in the corridor behind the commander, smiling, and none of them have blinked since you stepped off the plane.
* [Go to the locked door]
  -> door
* [Agree to see the core sample]
  ~ smiling++
  -> core

=== door ===
# scene: comms-corridor
The hammering stops as you crouch by the keyhole. A hoarse whisper.
"Doctor? Is that a real doctor? Say something only a person would say. Quickly." # speaker: tech-yusuf
* [Tell him you're scared]
  ~ yusuf_trust++
  A shaky laugh through the keyhole. "Good. Good, they never say that. They're never scared." # speaker: tech-yusuf
  -> yusuf_story
* [Tell him you're here to help]
  "That's what the commander said. Word for word." A pause. "Say something else." # speaker: tech-yusuf
  -> yusuf_story

=== yusuf_story ===
# scene: comms-corridor
Yusuf talks fast through the keyhole: the core sample held something frozen, and it thawed, and it spreads by being looked at.
"You look at it, it looks at you, and then you smile. Then you want everyone else to look. I've not looked at anyone in three days. I've been eating crackers off the floor with my eyes shut." # speaker: tech-yusuf
"Don't meet their eyes. Whatever you do. It's in their eyes now." # speaker: tech-yusuf
-> mess_hall

=== core ===
# scene: core-lab
The sample glows faintly blue in its cradle, a cylinder of ancient ice with something dark curled inside it like a seed.
Looking at it feels like being looked back at. Your face begins, pleasantly, to smile.
The commander stands beside you, smiling too. "You see? Everyone is very well." # speaker: commander-lindqvist
* [Wrench your eyes away]
  It is like pulling your hand off frozen metal. You stare at the floor, breathing hard. Your cheeks ache.
  -> mess_hall
* [Look a little longer]
  ~ smiling++
  It is so calm in there. So calm. You could stay for hours. It is the commander, of all people, who puts a hand over your eyes, and for a second his hand is shaking.
  -> mess_hall

=== mess_hall ===
# scene: mess-hall
Dinner is at six. Eleven researchers sit around the long table and pass the potatoes and smile at you, all of them, all the time.
The commander taps his glass. "A toast, to our new doctor. Look at us, Doctor. Look at all of us." # speaker: commander-lindqvist
{ smiling >= 1: Your face wants to smile back. It would be so easy. }
* [Keep your eyes on your plate]
  You eat an entire plate of potatoes looking at nothing but potatoes. Eleven people watch you do it. Nobody speaks.
  -> infirmary
* [Meet their eyes]
  ~ smiling++
  Twenty-two eyes, unblinking, pale blue at the rims. The room tilts. You grip the table edge until the pain brings you back.
  -> infirmary

=== infirmary ===
# scene: infirmary
The infirmary is yours, at least. You lock the door and sit with your back against it and think like a doctor.
It spreads by sight. Then block the sight. In the workshop drawer: welding goggles, so dark you can barely see the lamp through them.
* [Tape the goggles even darker and wear them]
  ~ has_goggles = true
  With two layers of electrical tape the world becomes a few grey shapes. You can move. You can see a door. You cannot see an eye.
  -> comms
* [Examine the frostbite on your own hands instead]
  Your fingertips have gone pale blue at the edges, like their eyes. Not frostbite. You pull on gloves and do not look at your hands again.
  ~ smiling++
  -> comms

=== comms ===
# scene: comms-room
{ yusuf_trust >= 1: Yusuf opens the comms room for you, eyes screwed shut, feeling for your sleeve. | You have to talk for ten minutes through the keyhole before Yusuf will open the door, eyes screwed shut. }
He is thin and unshaven and wearing a ski mask backwards. "The radio's dead. I pulled the board when it started so nobody could call the plane in. Didn't want it going home with anyone." # speaker: tech-yusuf
* [Help him fix the radio, eyes down]
  ~ radio_fixed = true
  ~ yusuf_trust++
  You solder by feel while he talks you through it, cracking jokes in a hoarse whisper, terrible ones. By midnight there is static, and then, faintly, McMurdo.
  "Tell them not to send anyone," Yusuf says. "Tell them to send a plane and keep the engine running." # speaker: tech-yusuf
  -> lindqvist
* [Ask him what he saw on the first night]
  "Lindqvist held it up to the light. He looked at it for a long time. Then he turned to us with that smile, and held it up higher, so we could all see." # speaker: tech-yusuf
  -> lindqvist

=== lindqvist ===
# scene: comms-corridor
At two in the morning, the commander is standing in the corridor outside the comms room, alone. His smile is gone. His face is grey and wet.
"Doctor. I have a few minutes. It lets go sometimes, when it is tired." His voice is a frightened man's. # speaker: commander-lindqvist
"Burn it. The fuel store is under the lab. Burn it, and the station, and us if you have to. Do not let it reach the plane." # speaker: commander-lindqvist
Then his face smooths out like ice freezing over, and he smiles. "We are all very well," he says. # speaker: commander-lindqvist
* [Promise him you will]
  -> core_room
* [Tell him you'll try to save them]
  ~ yusuf_trust++
  Yusuf, behind you, whispers: "Yeah. Yeah, Doc. Let's try that first." # speaker: tech-yusuf
  -> core_room

=== core_room ===
# scene: core-lab
The lab. The sample glows blue in its cradle. All eleven of them are here now, standing around it in a ring, smiling, turning to look at you as one.
{ has_goggles: Through the taped goggles they are grey shapes, harmless as furniture. }
{ smiling >= 2: Your own face is smiling. You cannot remember when it started. }
* { radio_fixed and yusuf_trust >= 2 } [Get Yusuf to the plane, and seal the station behind you]
  -> end_escape
* { has_goggles } [Walk in blind and carry the sample out into the night]
  -> end_dark
* { smiling >= 2 } [Look at it properly]
  -> end_smile
* [Set the fuel store alight]
  -> end_fire

=== end_escape ===
# scene: ice-runway
The plane comes in at dawn with its engine running. You and Yusuf cross the ice with your eyes on your boots and your hands on each other's shoulders.
Behind you, on the station steps, eleven people stand in a line and wave. They do not follow. They only wave, and smile.
The pilot does not look back either. McMurdo seals Vostok-South from the air, and the quarantine is still in place. Yusuf sends the eleven a message every week. Nobody answers. Nobody, so far, has stopped smiling. THE END.
-> END

=== end_dark ===
# scene: polar-night
You walk into the ring blind, lift the cradle, and carry it out of the station into the long polar night, where there is nothing at all to look at.
It is heavy and it hums. It wants so badly to be seen. You walk for a long time, and then you drop it down a crevasse, and listen to it fall.
When you come back, Commander Lindqvist is sitting in the corridor crying, and blinking, and blinking. "Doctor," he says. "Doctor, I'm so sorry. Everyone is not very well at all." # speaker: commander-lindqvist
Which is, for the first time, the truth. You treat all eleven. They all recover. Yusuf makes everyone crackers. THE END.
-> END

=== end_smile ===
# scene: core-lab
You look at it properly. It is so calm in there. So calm. It has been waiting under the ice for a very long time for someone new to look.
When the next relief plane lands four days later, the new doctor is met on the ice by a smiling station commander and, just behind him, you.
"Welcome, Doctor," you say, and your cheeks do not ache at all any more. "Would you like to see the core sample?"
"Everyone wants to see the core sample," the commander agrees, beaming, beside you. # speaker: commander-lindqvist
Somewhere behind a locked door, someone is hammering, slowly. THE END.
-> END

=== end_fire ===
# scene: burning-station
You break the fuel store valve and strike the flare. The lab goes up in a roar of orange, and the blue light inside it screams at a pitch only the eye can hear.
You drag Yusuf out onto the ice. { yusuf_trust >= 2: He drags you the last fifty metres when your legs give out. }
The eleven walk out of the burning station one by one, and stand in the snow, and one by one, as the blue light dies, they blink.
Lindqvist's last smile turns into a sob. "Thank you," he says. "Thank you, Doctor." # speaker: commander-lindqvist
You wait for the plane in the ruins, all thirteen of you, huddled together, looking at each other's faces as much as you like. THE END.
-> END
