// Neon Requiem: three hours until your rented memories come home, with your sister's killer in them.
VAR juno_trust = 0
VAR has_chip = false
VAR lacquer_spared = false
-> opening

=== opening ===
# scene: noodle-bar
# goal: live to midnight
The rain is warm and tastes of ozone. Your implant counts down in the corner of your eye: 02:59:41.
In a noodle bar under a broken hologram, a fixer called Juno slides you a napkin. "Someone paid to make sure your lease never ends."
On the napkin, in grease pencil: a lease number, yours, and the word RENEWED stamped over midnight.
* [Ask Juno who paid]
  ~ juno_trust++
  Juno taps her chopsticks on the counter, once for every thousand.
  "Nine grand, anonymous, routed through Helix Lease. That's broker money, choom. Brokers don't pay to keep a nobody quiet unless the nobody saw something." # speaker: juno-vex
  -> market
* [Pocket the napkin and leave]
  You are out in the rain before she can finish her noodles.
  Juno catches up at the corner, collar up, annoyed. "You always did walk out on the bill." # speaker: juno-vex
  -> market

=== market ===
# scene: night-market
02:31:08. The night market steams under tarps: squid on skewers, bootleg eyes in jars, a man selling thirty seconds of somebody's honeymoon for the price of a beer.
Juno walks half a step behind you, which is how she walks when she is counting exits.
"Somebody's on us. Grey coat, by the eye stall. Been there since the bar." # speaker: juno-vex
* [Turn and face the grey coat]
  -> courier
* [Lose him in the crowd]
  You duck under a tarp, through a curtain of steam, out past the fish tanks. The grey coat is gone.
  "Sloppy," Juno says, pleased. "He'll be back. They always come back with friends." # speaker: juno-vex
  -> crossroads

=== courier ===
# scene: night-market
The grey coat is a boy of maybe seventeen with a Helix Lease badge and a very bad moustache. He goes pale when you grab his sleeve.
"I'm just the courier! I bring the renewal chip at midnight, plug it in, you forget the week, everybody goes home."
He is holding it out before you ask: a sliver of black glass with your lease number etched down the side.
* [Take the chip]
  ~ has_chip = true
  The chip is warm from his pocket. Juno whistles low.
  "That's a signed renewal. Broker's key is on it. Whoever paid for this signed their name in glass." # speaker: juno-vex
  -> crossroads
* [Let him go, and follow him]
  He runs straight back to a Helix kiosk and speaks to a screen. The face on it is smooth and tired and familiar in a way that makes your teeth ache.
  Juno goes very still beside you. "Orrin Vale. Helix's top broker. He handled your lease. He handled your sister's too." # speaker: juno-vex
  ~ juno_trust++
  -> crossroads

=== crossroads ===
# scene: rooftop-crossing
01:58:40. From the rooftop crossing you can see both of your choices lit up in the rain.
To the north, the Lacquer Spire, where a stranger has been wearing your childhood for six years. To the south, the container yards, where Juno keeps a safehouse nobody can ping.
"Your call. Mine's the yards. Nobody gets a signal into my box, not even a broker." # speaker: juno-vex
* [Hide with Juno and wait out the clock]
  ~ juno_trust++
  -> safehouse
* [Go after Mr. Lacquer]
  -> penthouse

=== penthouse ===
# scene: lacquer-penthouse
The doorman lets you in without a word, as if you are expected. You are.
His penthouse smells of your grandmother's kitchen: he has recreated it from your memories, down to the chipped blue tiles and the radio that only gets one station.
Mr. Lacquer is small and grey and wears a crown-shaped implant that glows the colour of your old bedroom nightlight. He does not call security. He offers you tea, in your favourite cup.
"I wondered when you'd come. I know how you take it. Two sugars, which you're ashamed of." # speaker: mr-lacquer
* [Drink the tea]
  -> tea
* [Knock the cup out of his hand]
  The cup shatters on the blue tiles. He looks at the pieces the way you looked at them when you were seven, when you broke the first one.
  "That was the only one," he says quietly. "You know that. I know that." # speaker: mr-lacquer
  -> lacquer_truth

=== tea ===
# scene: lacquer-penthouse
It tastes exactly right, and that is the worst thing that has happened to you all night.
Lacquer watches you drink with a hunger he is too well brought up to hide.
"Every night for six years I have dreamed your sister's last evening. The alley, the neon, a man in a good suit. I thought it was a nightmare I had bought by mistake. Tonight I understood it was a memory." # speaker: mr-lacquer
* [Tell him it was real]
  ~ lacquer_spared = true
  -> lacquer_truth
* [Ask what the man looked like]
  "Like money that has stopped enjoying itself," he says. "I could draw him. I have drawn him. Hundreds of times." # speaker: mr-lacquer
  He opens a drawer of sketches. The same smooth, tired face, over and over.
  -> lacquer_truth

=== lacquer_truth ===
# scene: lacquer-penthouse
01:12:03. Lacquer takes off his jacket and sits, like a man about to ask for something he has never asked for.
"I can take the crown off now. Your memories go home early, and whoever paid for your renewal loses his chance. But I would like to keep one thing. The lullaby. Your mother's. I have nothing else that anyone sang to me." # speaker: mr-lacquer
{ has_chip: The renewal chip burns in your pocket: somebody's broker key, signed in glass. }
* [Let him keep the lullaby]
  ~ lacquer_spared = true
  He closes his eyes. "Thank you." # speaker: mr-lacquer
  -> memories_return
* [Take everything back]
  "Of course," he says, and means it, and it costs him visibly. "Of course. It was never mine." # speaker: mr-lacquer
  -> memories_return

=== safehouse ===
# scene: container-safehouse
Juno's safehouse is a shipping container lined with foil and dead phones, humming with jammers. It smells of solder and orange peel.
She makes you instant coffee on a camping stove and does not drink hers.
"Your sister used to sit exactly there. Same slouch. She fixed my arm once, in this box, with a stapler and a lot of swearing." # speaker: juno-vex
* [Ask how Juno knew your sister]
  ~ juno_trust++
  "She pulled me out of a Helix debt farm. Paid my lease off with her own memories, a week at a time. I owe her more than I can carry, choom. So I carry you." # speaker: juno-vex
  -> midnight
* [Check the jammers yourself]
  You check every jammer. Every one is real, every one is on. Juno watches you do it and says nothing, which is how she says it hurts.
  -> midnight

=== midnight ===
# scene: container-safehouse
00:00:00.
The memories hit you like a train: your sister's laugh, a cheap birthday cake, the smell of her jacket, then the alley, then the neon, then a face.
Juno's face. Young, bloodied, screaming your sister's name.
And behind her, walking away, a man in a good suit.
* [Confront her]
  "You were there." Your voice comes out flat.
  "I was there." She does not look away. "I was too late by about four seconds. I've been late ever since." # speaker: juno-vex
  -> vale_trail
* [Say nothing and watch her]
  You watch her. She watches the door. After a while she says, without turning, "You saw me in it, didn't you. Good. Now look past me. Look at who's walking away." # speaker: juno-vex
  ~ juno_trust++
  -> vale_trail

=== memories_return ===
# scene: lacquer-penthouse
Lacquer lifts the crown from his head. Your childhood floods back into you all at once: kites, fevers, your sister teaching you to whistle through a blade of grass.
{ lacquer_spared: Somewhere under it all, a gap the shape of a song. You find you do not mind. | The lullaby comes last, and Lacquer cries when it leaves him. }
Then the alley. Then the neon. Then the man in the good suit, and this time you know his name, because it was on the lease you signed at nineteen: Orrin Vale.
* [Go to Helix Tower now]
  -> vale_trail
* [Ask Lacquer for help]
  ~ lacquer_spared = true
  "Anything," he says, and reaches for a phone with no buttons. "I have never once used my money for something I was proud of." # speaker: mr-lacquer
  -> vale_trail

=== vale_trail ===
# scene: helix-tower
Helix Tower is the only building in Lower Kowloon-9 that doesn't flicker. Its lobby is warm and empty and smells of new carpet.
{ juno_trust >= 2:
  Juno is beside you, chrome jacket zipped to the chin.
  "Front door. He'd hate that most." # speaker: juno-vex
- else:
  You came alone. Juno's last message says only: don't be a hero, be a witness.
}
Orrin Vale is waiting in his office on the top floor with two glasses poured, as if he has rehearsed this.
"You weren't supposed to remember. It was a kindness, really. Do you know what it costs to live with a memory like that?"
-> vale_office

=== vale_office ===
# scene: helix-tower
{ lacquer_spared:
  Your earpiece clicks. Lacquer, patched in from his penthouse, soft and unhurried.
  "He's going to offer you your week back. Then he'll mention your mother. I have watched him do it a thousand times, from the inside of your eyes." # speaker: mr-lacquer
}
Vale slides a contract across the desk: your missing week returned, a clean lease, a sum with too many zeros. All you have to do is forget one face again.
* { has_chip } [Put the renewal chip on his desk]
  The chip clicks against the glass desk. His own broker key, etched into it, catches the light.
  -> finale
* [Tell him you remember his face]
  "I know," he says. "That is why we are talking instead of arguing."
  -> finale
* [Walk out and leave him waiting]
  -> end_lullaby

=== finale ===
# scene: helix-tower
Vale's hand drifts toward a drawer, and stops there.
{ juno_trust >= 2:
  Juno's pistol is already out, resting on her knee, pointed at nobody in particular.
  "Don't. I've waited six years to be on time." # speaker: juno-vex
}
* { has_chip and juno_trust >= 2 } [Send the chip to every screen in the city]
  -> end_remembered
* { has_chip } [Make him buy back every lease he ever sold]
  -> end_ghost
* [Take his offer: your week back, and his silence]
  -> end_renewed

=== end_remembered ===
# scene: neon-dawn
Juno plugs the chip into Helix's own broadcast rig. For ninety seconds every screen in Lower Kowloon-9 shows a signed renewal, a dead woman's lease, and Orrin Vale's broker key on both.
By dawn there are crowds at Helix Tower, and by noon there are police who pretend they always meant to come.
Juno sits with you on the kerb in the rain, sharing one cold noodle box.
"She'd have liked this. The mess, mostly." # speaker: juno-vex
You remember your sister's laugh, and for the first time in six years it's yours to remember. THE END.
-> END

=== end_ghost ===
# scene: helix-tower
You leave Vale the chip and a list. Every lease he ever brokered, bought back at his own expense, memories returned by the end of the month, or the chip goes public.
He signs. People like Vale always sign.
All month, strangers in Lower Kowloon-9 wake up remembering weddings, first days of school, the faces of their children. None of them know who to thank. You like it that way.
{ lacquer_spared: A single lullaby arrives in your inbox at midnight, with no message. You play it twice. }
You become a rumour in the neon: the one who made a broker pay. THE END.
-> END

=== end_renewed ===
# scene: neon-dawn
You take the offer. The courier comes at midnight after all, and the renewal chip slides into your implant like a key into a lock.
When you wake, it is Tuesday. You have a week you cannot account for and a napkin in your pocket with your own lease number on it, stamped RENEWED.
At the noodle bar, a fixer in a chrome jacket watches you eat for a long time before she sits down.
"Again, choom? Fine. From the top. Someone paid to make sure your lease never ends." # speaker: juno-vex
Maybe this time you'll listen sooner. THE END.
-> END

=== end_lullaby ===
# scene: neon-dawn
You walk out of Helix Tower without a word. Some faces are better left waiting for a knock that never comes.
You keep the memories, all of them, and the weight of them, and you carry them down into the rain.
{ lacquer_spared: Lacquer sends a car for you. In the back seat there is a cup, blue, mended with gold along every crack. }
{ juno_trust >= 2:
  Juno is leaning on the car, smoking something that smells of cloves.
  "Knew you'd walk. She always walked too. Right before she did something brave." # speaker: juno-vex
}
Vale never sleeps well again. You sleep fine. THE END.
-> END
