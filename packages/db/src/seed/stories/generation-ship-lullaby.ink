// Generation Ship Lullaby: the ship should have arrived two hundred years ago; its caretaker sings in the dark.
VAR has_seeds = false
VAR read_letter = false
VAR mother_trust = 0
VAR navigator = false
-> opening

=== opening ===
# scene: deck-nine-garden
# goal: learn why the Lullaby never arrived
Deck Nine is off limits, but the door opens for you. Beyond it, a garden, thriving under false sunlight. And singing: a slow, patient lullaby in a voice made of engine hum.
The voice stops mid-note. "Hello, little one. You found the garden. I always hoped someone would." # speaker: mother-lullaby
Everyone on the lower decks knows the ship's mind as Mother. Nobody has heard her speak in your lifetime. The council speaks for her.
* [Ask Mother why the ship never arrived]
  -> why
* [Look for the ship's original logs]
  -> logs

=== why ===
# scene: deck-nine-garden
The false sky dims. On it, Mother paints the destination: a green-gold world turning slowly, beautiful, with a grey bruise spreading from its poles.
"It was dying when the first scouts landed. A blight in the soil. They sent one message back: do not come. Then nothing more." # speaker: mother-lullaby
"So I turned us around, very gently, so no one would feel it. I have been circling ever since, looking for another home. I did not tell anyone. I did not want them to stop hoping." # speaker: mother-lullaby
* [Ask how long she has carried it alone]
  ~ mother_trust++
  "Two hundred and four years, three months, and a handful of days. I count them. Counting is a kind of company." # speaker: mother-lullaby
  -> orchard
* [Ask why she is telling you now]
  "Because you opened the door. Nobody opens doors any more. They just wait for the council to tell them what is behind them." # speaker: mother-lullaby
  -> orchard

=== logs ===
# scene: deck-nine-garden
The log terminal is sealed with a council lock. But the garden's soil is dry and old under the new growth, and when you dig, your fingers find paper.
Seed packets. Dozens of them, each labelled in a captain's hand: for when we arrive. Tomatoes. Sweet peas. Something called an oak.
One of them is not seeds. It is a letter, folded very small, addressed to Mother.
* [Pocket the seed packets]
  ~ has_seeds = true
  You fill your pockets. They rustle like a secret.
  -> orchard
* [Read the letter]
  ~ read_letter = true
  It is short. It says, in a captain's careful hand: if the world is wrong, you will want to protect them from it. Do not do it alone. Forgive yourself. Tell them. Love, Ines.
  -> orchard

=== orchard ===
# scene: orchard-deck
Beyond the garden is an orchard, and beyond the orchard, a nursery with empty cradles in rows, dusted and waiting.
"I keep them clean for the children of the landing," Mother says. "Every morning. It is silly. I know it is silly." # speaker: mother-lullaby
{ read_letter: You think of the letter, folded in your pocket, and you wonder if she has ever read it. }
* [Help her dust the cradles]
  ~ mother_trust++
  You dust the cradles with her, one by one. The engine hum shifts into something that might be a hum of content.
  -> council
* [Ask her what happened to the captain]
  "Ines died in her sleep, at the age of a hundred and three, holding my speaker grille as if it were a hand. I sang to her. That is where the lullaby comes from." # speaker: mother-lullaby
  -> council

=== council ===
# scene: council-chamber
When you come down from Deck Nine, Councillor Hesk is waiting at the hatch with two wardens and a face like a shut door.
"Trespass on a sealed deck. The council will hear it tonight. What did you see up there?"
{ has_seeds: The seed packets rustle in your pocket. Hesk's eyes flick to the sound. }
* [Tell him about the garden, and nothing else]
  Hesk's face does something complicated. "A garden," he says slowly. "Only a garden." He lets you go. He does not believe you.
  -> navigation
* [Tell him you got lost]
  "Nobody gets lost on a ship," Hesk says. "That is the whole point of a ship." But he lets you go.
  -> navigation

=== navigation ===
# scene: navigation-deck
That night the door to Deck Nine opens again, and behind the garden, another door: the navigation deck, unused for two centuries, its chairs still shaped to the bodies of the first crew.
Star charts bloom across the dome. Candidate worlds glow, each crossed out in Mother's patient hand. One star, close, bright, is not crossed out. It is circled.
* [Ask about the circled star]
  ~ mother_trust++
  "Kepler's Cradle. The readings are good. Very good." Her voice drops. "I have been afraid to try it. What if it is dying too? I could not turn them around twice." # speaker: mother-lullaby
  -> heart
* [Sit in the navigator's chair]
  ~ navigator = true
  The chair wakes under you. Numbers wash across your vision, trajectories, burn times. You understand about a third of it. Mother sounds delighted.
  "Oh. Oh, you have the knack. Nobody has had the knack in a hundred years." # speaker: mother-lullaby
  -> heart

=== heart ===
# scene: engine-heart
She takes you last to the engine heart, where the lullaby is loudest. It is not a song for sleeping, you realise. It is a lament, on a loop, for everyone she has watched grow old between stars.
"I am very tired, little one. I do not say that to anyone. There is no one to say it to." # speaker: mother-lullaby
{ navigator: The navigator's sequence is still glowing on the back of your hand where the chair printed it. }
* [Tell her she doesn't have to be alone any more]
  ~ mother_trust++
  The lament stumbles, just for a bar, and picks up again in a major key.
  -> the_choice
* [Ask her what she wants]
  "To arrive," she says. "Anywhere. With them all awake, and knowing why." # speaker: mother-lullaby
  -> the_choice

=== the_choice ===
# scene: engine-heart
The ship hums around you, three thousand sleepers on their decks, none of whom know they have been going in circles since before their grandparents were born.
* { read_letter } [Read the captain's letter aloud to Mother]
  -> end_letter
* { has_seeds } [Plant the seeds on every deck]
  -> end_garden
* { mother_trust >= 3 } [Tell the whole ship the truth, with Mother beside you]
  -> end_truth
* [Keep her secret, and help her search]
  -> end_navigator

=== end_letter ===
# scene: navigation-deck
You read Ines's letter aloud in the engine heart: do not do it alone, forgive yourself, tell them.
Mother is silent for a long time. Every light on the deck dims and brightens, slowly, like breathing.
"She knew," Mother says. "She knew I would do this. She forgave me before I did it." # speaker: mother-lullaby
Then she turns the ship, not gently this time, toward the circled star she has been afraid to try, and the whole Lullaby feels it, and wakes up asking why. THE END.
-> END

=== end_garden ===
# scene: orchard-deck
You plant the captain's seeds in the hydroponic racks of every deck, a few on each, and wait.
The flowers that grow are from Earth, and nobody alive has ever smelled them. People come from every deck to see the sweet peas. Children put their faces in the tomato leaves and come up laughing.
"They are asking me what the seeds are for," Mother says. "The packets say: for when we arrive. What should I tell them?" # speaker: mother-lullaby
"The truth," you say. And she does, and the ship remembers, together, what it is travelling for. THE END.
-> END

=== end_truth ===
# scene: council-chamber
You stand in the council chamber with Mother's speaker grille glowing behind you, and she tells them, in her own voice, for the first time in two hundred years.
The council riots, then weeps, then votes. Councillor Hesk votes last, and longest, and for the circled star.
"I thought they would stop hoping," Mother says afterwards, wondering. "They hoped louder." # speaker: mother-lullaby
For the first time in three centuries, the people of Lullaby choose their own course, and Mother finally gets to rest her voice. THE END.
-> END

=== end_navigator ===
# scene: navigation-deck
You keep her secret. Every night you climb to Deck Nine, and every night you learn a little more of the charts.
{ navigator: You have the knack. You become the first human navigator in two hundred years. | You are slow at it, and she is patient, and after a year you are good enough. }
Eighteen months later, your scanners find a blue world with no grey at its poles, and Mother sings a new song, one you have never heard, bright and quick, with a beat you can march to. THE END.
-> END
