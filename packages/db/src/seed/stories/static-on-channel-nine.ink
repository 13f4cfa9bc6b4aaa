// Static on Channel Nine: a dead TV station is broadcasting again, live from your living room.
VAR looked_back = false
VAR has_tape = false
VAR knows_frequency = false
VAR gideon_trust = 0
-> opening

=== opening ===
# scene: living-room
# goal: get the broadcast off the air
The television turns itself on. Snow, then a test card, then your living room, filmed from just above the bookcase. On screen, you are sitting on the sofa.
On screen, someone is standing behind you.
It is tall and grey and slightly out of focus, the way the past is out of focus. On screen, it leans closer.
* [Unplug the television]
  -> unplug
* [Change the channel]
  -> channels

=== unplug ===
# scene: living-room
You yank the plug from the wall. The screen goes black, and in the black reflection the figure behind you is still there, closer now.
Your phone rings. A man's voice, hoarse with thirty years of cigarettes.
"Unplugging doesn't work. Don't turn around. Whatever you do, don't look behind you until it's off the screen. Get to the station." # speaker: gideon-marsh
* [Do exactly as he says, and run]
  ~ gideon_trust++
  You run for the front door without looking back. The back of your neck is cold all the way to the car.
  -> drive
* [Turn around]
  ~ looked_back = true
  You turn. There is nothing behind you. Nothing at all. But on the black screen, the figure has turned too, and is looking at you now, face on. It has no face. It has a test card where a face should be.
  -> drive

=== channels ===
# scene: living-room
You change the channel. Every channel is Channel Nine, from a different angle: your kitchen, your stairs, your bed.
In the kitchen shot, a man is waving urgently at the camera. Gideon Marsh, thirty years younger, in a 1994 control-room headset, holding up a sheet of paper with a number on it: 9.47.
Then your phone rings. The same man, thirty years older. "You've seen me. Good. Now get to the station." # speaker: gideon-marsh
* [Write down the number he is holding]
  ~ knows_frequency = true
  9.47. You write it on your hand with a biro that skips.
  -> drive
* [Switch off every set in the house first]
  You go room to room turning off sets. They turn back on behind you, each one, with a soft click, like someone tutting.
  -> drive

=== drive ===
# scene: night-town
You drive through town at one in the morning. In every lit window, a television. On every television, a living room, and in every living room, someone sitting very still, and behind them, a grey shape.
At the traffic lights you glance at the electrical shop on the corner. Twelve screens in the window. On all twelve: you, in your car, at the lights.
* [Run the red light]
  You run the light. On twelve screens, you run the light.
  -> station
* [Wait for green and keep your eyes on the road]
  ~ gideon_trust++
  You wait, eyes front, hands at ten and two. It is the hardest thing you have ever done.
  -> station

=== station ===
# scene: channel-nine-car-park
Channel Nine is a concrete box on a hill with a rusting mast and a sign that says NIN, the E long gone. One window is lit.
Gideon Marsh meets you in the car park: seventy, unshaven, a torch in one hand and a cigarette in the other. He looks at you the way people look at someone who has survived a crash.
"Thirty years I've waited for it to come back. I'm sorry it's you." # speaker: gideon-marsh
{ looked_back: He sees your face and goes grey. "You looked. Oh, son. You looked." }
* [Ask what happened in 1994]
  -> control_room
* [Ask him how to stop it]
  "Same way we started it. From the desk. Come on." # speaker: gideon-marsh
  -> control_room

=== control_room ===
# scene: control-room-1994
The control room is exactly as it was left: 1994 calendars, ashtrays, a bank of monitors, every one of them now showing a living room somewhere in town.
"Halloween special. Beyond the Veil. Live séance, phone-in, very cheap, very popular. Lorna Vale presenting." # speaker: gideon-marsh
"At 11:52 Lorna asked if anyone was there. Something said yes. It came through the feed, not the room. Lorna walked into the studio dark and never came out, and the transmitter wouldn't shut off for three days. We never finished the broadcast. That's the thing. We never signed off." # speaker: gideon-marsh
* [Ask what happens if you finish it]
  "Then it's over. It goes back where broadcasts go. But we need the master tape, and the frequency it came in on, and I never knew either." # speaker: gideon-marsh
  -> archive
* [Ask why he never left town]
  ~ gideon_trust++
  "Because I was the one who patched the call through." He stubs out the cigarette. "Lorna's voice is on that tape. I'm not leaving her in there." # speaker: gideon-marsh
  -> archive

=== archive ===
# scene: tape-archive
The tape archive is a basement of metal shelves and damp. Thousands of cassettes, all labelled in the same careful hand.
Somewhere above you, all the monitors in the control room click, at once, to the same picture: the archive, from just above the shelves. Two figures with a torch. And a third.
* [Search for the Halloween master]
  ~ has_tape = true
  You find it on the bottom shelf, labelled in red: BEYOND THE VEIL. LIVE. DO NOT WIPE. Somebody has added underneath, in biro: DO NOT PLAY.
  -> mast
* [Keep your eyes on Gideon, not the shelves]
  You watch Gideon's face in the torchlight. It is the only thing in the room you are sure of. He finds the tape himself, and his hands shake holding it.
  ~ has_tape = true
  ~ gideon_trust++
  -> mast

=== mast ===
# scene: transmitter-room
The transmitter room hums like a hive. The frequency dial is spinning on its own, slowly, never settling.
"It came in on a number. Lorna had the number, on a card, from the phone-in. It was the last thing she said." # speaker: gideon-marsh
{ knows_frequency: You look at your hand. 9.47, in skipping biro. "That's it," Gideon breathes. "That's the one." }
On every monitor, the grey figure is standing in the doorway of the transmitter room. On every monitor, it is closer than you are to the door.
* [Ask Gideon to go to the desk]
  ~ gideon_trust++
  -> finale
* [Take the desk yourself]
  -> finale

=== finale ===
# scene: transmitter-room
The tape is in the machine. The dial is spinning. The figure is on every screen, just behind your shoulder, and the room is as cold as a January night.
"Whatever you're going to do, do it before it reaches the desk," Gideon says, very calm now. "It never reaches the desk. That's the one rule I know." # speaker: gideon-marsh
* { has_tape and knows_frequency } [Tune to 9.47 and play the end of the broadcast]
  -> end_signoff
* { gideon_trust >= 3 } [Let Gideon finish it his way]
  -> end_gideon
* { looked_back } [Turn around and face it]
  -> end_faced
* [Cut the power to the mast]
  -> end_static

=== end_signoff ===
# scene: control-room-1994
You tune the dial to 9.47 and press play. On every television in town, the 1994 broadcast resumes from 11:52: Lorna Vale, young, frightened, brave, in the studio dark.
"Is anyone there?" she says. And this time Gideon leans into the desk microphone and answers.
"Yes, Lorna. It's Gideon. It's time to say goodnight." # speaker: gideon-marsh
Lorna smiles into a camera thirty years away. "Goodnight, everybody. Thank you for watching Channel Nine." The closedown music plays. The test card. Then snow.
On every screen in town, the grey shapes are gone. In the control room, Gideon cries like a man who has finally been allowed to go home. THE END.
-> END

=== end_gideon ===
# scene: transmitter-room
Gideon sits at the desk and puts on the 1994 headset. "Go home," he says. "I've been on shift thirty years. I can do one more night." # speaker: gideon-marsh
You drive home with the radio off. One by one, the living rooms in the windows go dark.
In the morning Channel Nine is off the air, and the station is empty, and on the control-room monitor, a tape is still running: Gideon and a woman in a 1994 blazer, on a late-night set, laughing, signing off, over and over. THE END.
-> END

=== end_faced ===
# scene: living-room
You turn around. This time it is there.
It has a test card for a face, and when you look into it you see every living room in town, every person sitting very still, every back with something standing behind it.
And then you are sitting on your own sofa, on your own screen, and you cannot move, and somebody is standing behind you, and on the other side of the glass, a man in a 1994 headset is waving, urgently, holding up a number. THE END.
-> END

=== end_static ===
# scene: channel-nine-car-park
You throw the breaker. The mast groans and goes dark, and every window in town goes black at once.
It is over, for now. Gideon sits on the car park kerb and lights a cigarette with shaking hands.
"It's not finished," he says. "We didn't sign off. It'll be back. Thirty years, maybe. Maybe less." # speaker: gideon-marsh
{ has_tape: He gives you the tape. "You keep it. Someone young has to be here, next time." }
You put it on your mantelpiece, and you never, ever sit with your back to the television again. THE END.
-> END
