// Murder on the Night Ferry: a locked cabin, a queen of spades, and a retired inspector who wants to sleep.
VAR clues = 0
VAR rope_burns = false
VAR knows_cook = false
VAR dev_cleared = false
-> opening

=== opening ===
# scene: cabin-seven
# goal: name the killer before the ferry docks at dawn
Cabin 7 is locked from the inside. The dead man is sitting upright, a cup of cocoa cooling in his hand, a playing card, the queen of spades, pinned to his lapel.
Inspector Wren lowers herself onto the bunk opposite. "Well. Don't just stand there. Tell me what you see." # speaker: inspector-wren
In the doorway the purser, Dev Raman, is twisting his cap into a rope. "I only went in to bring more cocoa. I swear the door was locked. I have the only key. Well. One of the only keys." # speaker: purser-dev
The passenger list says the dead man was Leonard Crane, sixty, occupation: gentleman.
* [Examine the cocoa]
  -> cocoa
* [Ask Dev about the keys]
  -> keys

=== cocoa ===
# scene: cabin-seven
It smells of almonds, faintly. But the cup is full to the brim. He never drank it.
Wren smiles for the first time. "So the poison is a lie. Someone wants us to think of poison." # speaker: inspector-wren
~ clues++
* [Check the dead man's hands]
  -> hands
* [Ask who ordered the cocoa]
  -> daughter

=== hands ===
# scene: cabin-seven
You turn his hands over. Rope burns, raw, across both palms, and under the nails, tar.
~ rope_burns = true
~ clues++
"He was hanged from something and then arranged," Wren says. "Sat up like a doll, cocoa in his fist. Someone strong. Someone who knows ropes and tar." # speaker: inspector-wren
* [Say who aboard works with rope]
  "Deckhands. The captain, once. And whoever hauls the stores in the galley." Wren nods as if you have passed a small exam. # speaker: inspector-wren
  -> galley
* [Keep your guess to yourself]
  Wren looks at you over her spectacles. "Keeping it back. Good. So do I." # speaker: inspector-wren
  -> galley

=== daughter ===
# scene: passenger-lounge
Dev checks his book. The cocoa was ordered to cabin 7 by a young woman in cabin 12, booked as Miss Smith.
Miss Smith is Crane's daughter, Clare, and she has been crying for an hour in the lounge. "I came to forgive him. Twenty years. I had a speech. I ordered him cocoa because he used to make it for me."
"And the almonds?" you ask. She looks blank. The almonds were not hers.
~ clues++
* [Tell her he is dead]
  She knows already. "The purser's face," she says. "He has a very honest face. It's awful."
  -> galley
* [Ask who else hated her father]
  "Everyone he ever played cards with," she says. "Which was everyone."
  -> galley

=== keys ===
# scene: purser-office
Dev's office is a cupboard with a porthole. He unlocks the key safe with shaking fingers.
"Two keys to every cabin. Mine, and the captain's master. And the captain was on deck at midnight, in the storm, without a coat, throwing something overboard. I saw him." # speaker: purser-dev
He says it too fast. Wren notices. Wren notices everything.
* [Go and find the captain]
  -> captain
* [Search the lifeboats]
  -> lifeboats

=== captain ===
# scene: bridge
Captain Moran throws his hands up before you have asked anything. "A bottle. A bottle of whiskey. I drink on night crossings and I am ashamed of it. That's all I threw."
Then, quieter: "But I saw a man walking to cabin 7 at midnight. Broad. Apron. Coming from the galley, with a coil of line over his shoulder."
~ knows_cook = true
~ clues++
* [Ask why he didn't say so at once]
  "Because I was drunk, and a drunk captain is a finished captain." He meets your eye. "Write it down anyway."
  -> galley
* [Thank him and go below]
  -> galley

=== lifeboats ===
# scene: boat-deck
The rain comes sideways across the boat deck. In lifeboat four, under the tarpaulin, you find a soaked overcoat and a deck of cards missing its queen of spades.
The overcoat's tag says cabin 3. But the pockets smell of frying oil, and the cuffs are black with tar.
~ clues++
"Planted," Wren says, at your shoulder, dripping. "Nobody hides a coat with the tag still in. Someone wants cabin 3 hanged." # speaker: inspector-wren
* [Smell the coat again]
  Frying oil, tar, and marzipan. You have smelled that combination before tonight: in the corridor outside the galley.
  ~ knows_cook = true
  -> galley
* [Take the cards]
  You pocket the deck. Fifty-one cards, worn soft, marked on the backs with a thumbnail: a cheat's deck.
  -> galley

=== galley ===
# scene: galley
The galley is hot and greasy and heaving with the swell. The cook, Bram Doyle, is scrubbing a pot that is already clean. He is broad. His forearms are corded. His apron is spotted with tar.
"Terrible business," he says. "Terrible. Can I get you anything? Cocoa?"
{ rope_burns: You look at his hands. They are bandaged. }
{ knows_cook: He is exactly the man the captain described. }
* [Ask how long he has worked the ferry]
  "Twenty-two years."
  "And before that the Atlantic card ships, I expect," Wren says pleasantly, and watches his face go still. # speaker: inspector-wren
  ~ clues++
  -> dev_secret
* [Ask about the almonds]
  "Marzipan. For the petits fours." He has the answer ready before you finish the question. Too ready.
  ~ clues++
  -> dev_secret

=== dev_secret ===
# scene: purser-office
Dev catches you on the stairs, grey in the face. "I have to tell you something. Before you find it and think I did it."
He takes you to the linen store. Behind the towels, a sleeping girl of about nine with a school bag and a stuffed rabbit.
"My sister. Our mum's in hospital in Dublin. I couldn't afford the fare. Please don't tell the company." # speaker: purser-dev
* [Promise to keep his secret]
  ~ dev_cleared = true
  He sags with relief. "I'll tell you everything I know. Everything. Crane tipped everybody a queen of spades. Everybody but the cook. The cook, he spat on his." # speaker: purser-dev
  ~ clues++
  -> salon
* [Tell him Wren will have to know]
  "Yes," he says miserably. "Yes. She probably already does." # speaker: purser-dev
  -> salon

=== salon ===
# scene: passenger-salon
At five in the morning Wren gathers everyone in the salon, like the inspector in a book. She enjoys it more than she will ever admit.
"Six passengers, a purser, a captain and a cook. One dead card sharp. One pinned queen. And one detective who is not me." She looks at you. # speaker: inspector-wren
"Go on, then. Tell them. I'll stop you if you are wrong. Probably." # speaker: inspector-wren
* [Lay out the clues one by one]
  -> accusation
* [Ask Wren to go first]
  -> end_wren

=== accusation ===
# scene: passenger-salon
The room is very quiet. The ferry's engines change note: the harbour lights are coming up out of the rain.
* { clues >= 4 and rope_burns } [Accuse Bram Doyle, the cook]
  -> end_solved
* [Accuse the passenger in cabin 3]
  -> end_wrong
* { not dev_cleared } [Accuse Dev Raman]
  -> end_dev
* [Admit you cannot be sure]
  -> end_wren

=== end_solved ===
# scene: passenger-salon
You lay it out: the cocoa nobody drank, the rope burns and the tar, the coat planted with its tag in, the almonds from the galley, the bandaged hands.
"Twenty-two years ago you and Leonard Crane worked the Atlantic card ships together. He kept your share and left you with a queen of spades. Last night you gave it back."
Bram Doyle puts down his tea towel. He does not run. He looks, if anything, relieved.
Wren leans back with her eyes closed. "Good. Very good. Now may I please go to sleep?" # speaker: inspector-wren
The ferry docks at dawn, with the right man in handcuffs and a nine-year-old stowaway asleep in the linen store, unmentioned in any report. THE END.
-> END

=== end_wrong ===
# scene: harbour
The passenger in cabin 3 goes white and starts to stammer about seasickness and fresh air. The captain has him held.
Wren says nothing until the gangway is down. Then, quietly: "The coat was planted. You said so yourself, or I did. The cook's gone ashore with the first crates." # speaker: inspector-wren
By the time you reach the quay, Bram Doyle is a broad back disappearing into the morning crowd in Dublin, and a queen of spades is lying face up on a bollard. THE END.
-> END

=== end_dev ===
# scene: passenger-salon
Dev's face crumples. Then a small voice says "Leave him alone!" and a girl in school uniform pushes through the crowd with a rabbit under her arm.
Wren sighs the sigh of seventy years. "The boy is a fare-dodger, not a murderer. Look at his hands. No tar." # speaker: inspector-wren
"I'm sorry," Dev whispers. "I'm sorry, I'm sorry." He means his sister's fare. # speaker: purser-dev
Wren names the cook herself, wearily, and you spend the rest of the crossing buying Dev's sister hot chocolate. It has no almonds in it. THE END.
-> END

=== end_wren ===
# scene: passenger-salon
"Fine," Wren says. "Watch and learn." # speaker: inspector-wren
She takes it apart in four minutes: the cocoa, the ropes, the galley, the Atlantic, the queen. She is merciless and precise and very slightly showing off.
At the end she points her walking stick at the cook like a rapier, and he sits down heavily, and the captain sends for the cuffs.
{ clues >= 3: On the gangway, she hands you her old warrant card. "You saw most of it. Next time, say it out loud." | On the gangway she pats your arm. "You'll get there. Read more. Sleep less. Or the other way round." }
THE END.
-> END
