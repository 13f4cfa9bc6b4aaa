// Ghost Writer: someone is finishing your dead mentor's novel, and chapter 19 kills you on Friday.
VAR reyes_trust = 0
VAR clues = 0
VAR rewrote = false
VAR met_widow = false
-> opening

=== opening ===
# scene: your-flat
# goal: live past Friday
Chapter 19 arrived at 2:14 a.m. In it, an editor with your name walks into a bookshop on Friday and does not walk out.
The document's edit history shows one other person online: H. Pike.
Harlan Pike has been dead for six months. You edited eleven of his novels. You gave the eulogy. The cursor in his manuscript is blinking, patiently, at the end of a sentence about your shoes.
* [Write a reply inside the manuscript]
  -> reply
* [Go to the bookshop early]
  -> bookshop_early

=== reply ===
# scene: your-flat
You type: who are you.
The cursor blinks. Then, in Pike's style, the reply types itself: someone who knew him better than you.
Chapter 20 begins to write itself as you watch. A detective who quotes Pike. A shop with a green door. The word definately, spelled wrong, twice.
* [Keep typing questions]
  ~ clues++
  You type: why me. The answer comes at once: because you cut my best chapter. Pike never wrote my. Pike always wrote the author.
  -> reyes
* [Close the laptop and call the police]
  -> reyes

=== bookshop_early ===
# scene: green-door-books
The bookshop is Green Door Books on Cray Street, the one from the chapter. It is quiet, and it smells of dust and radiators. The owner, Felix Orme, waves from behind a stack of returns.
On the counter sits a first edition of Pike's debut, signed to you, in fresh ink.
* [Open it]
  ~ clues++
  Inside the cover, in Pike's handwriting, almost: To my editor. See you Friday. The ink smudges under your thumb.
  -> reyes
* [Ask Felix who left it]
  "No idea. Came in the post." He smiles. "Big Pike fan? Me too. Definately his best." He has written definately on the shop sign as well.
  ~ clues++
  -> reyes

=== reyes ===
# scene: police-station
Detective Sol Reyes meets you with two paper cups of coffee and an apologetic face.
"I've read all of Pike's novels. Twice. I'd like to not read about you in the next one." # speaker: detective-sol-reyes
"The coffee's terrible. That's not a joke, that's a warning." # speaker: detective-sol-reyes
He has already read chapter 19. He has already read chapters 16, 17 and 18, and the police reports that match them three days later.
* [Show him everything you have]
  ~ reyes_trust++
  He reads it slowly, the way he reads everything. "Good. You didn't edit it. Most people would have edited it." # speaker: detective-sol-reyes
  -> chapters
* [Ask him if he believes in ghosts]
  "I believe in people with passwords." # speaker: detective-sol-reyes
  -> chapters

=== chapters ===
# scene: police-station
You lay the chapters out beside the crimes. A break-in at Pike's old agent's office. A fire at the publisher's warehouse. A beating in a car park outside the Pike Society annual dinner.
Every victim had once said no to something. An advance. A reprint. A manuscript.
* [Map where each crime happened]
  Every crime is within a ten-minute walk of Cray Street. Reyes draws a circle on the map around Green Door Books and does not say anything for a while.
  ~ clues++
  -> widow
* [Compare the new prose to Pike's]
  "It's good," Reyes says unhappily. "It's very good. But it's a fan's Pike. Too many adjectives. He'd have cut half." # speaker: detective-sol-reyes
  -> widow

=== widow ===
# scene: pike-house
Marianne Pike receives you in the kitchen of the house in Hampstead, in gardening gloves, with a fierce and unsurprised face.
"You want to know if Harlan is writing from the grave. He isn't. He never wrote anything in his life. I wrote the books. All eleven. He did the readings and the interviews, because he was charming and I would rather die."
~ met_widow = true
"And someone found out. Someone who wanted to be the one to finish him."
* [Ask who knew]
  ~ clues++
  "Harlan's old assistant. He found my drafts. He used to sign his letters definately. I corrected him, once. He never forgave me." She pulls off her gloves. "Felix Orme."
  -> trace
* [Ask why she never told anyone]
  "Because nobody reads a book by a woman who gardens." She almost smiles. "And because Harlan was kind to me, in his way. I let him be the ghost."
  -> trace

=== trace ===
# scene: police-station
Reyes has the login traced by Thursday afternoon. It comes from the public wifi of a bookshop on Cray Street.
"Green Door Books," he says. "The bookshop in chapter 19. He's writing himself into it." He rubs his eyes. # speaker: detective-sol-reyes
"I could arrest him tonight for the login. He'd be out by Saturday. Or I could catch him doing the thing he's written." # speaker: detective-sol-reyes
* [Tell Reyes to arrest him now]
  "You sure? He'll deny everything, and the chapters will stop, and we'll never prove the rest." He sighs. "All right. I'll try." # speaker: detective-sol-reyes
  -> thursday
* [Tell Reyes you'll walk into the bookshop as written]
  ~ reyes_trust++
  Reyes looks at you for a long time. "Then I'll be there first. In the crime section. Where else." # speaker: detective-sol-reyes
  -> thursday

=== thursday ===
# scene: your-flat
Thursday night. The manuscript is still open on your laptop. Chapter 19 sits there, finished, waiting for Friday.
You are an editor. You have been cutting other people's endings for twenty years.
* [Rewrite chapter 19]
  ~ rewrote = true
  You delete the last page and write a new one: the editor walks into the bookshop, and a detective looks up from a paperback in the crime section, and the writer is the one who does not walk out.
  The cursor on the other side stops blinking. For a full minute nothing happens. Then, one word, typed and deleted: no.
  -> friday
* [Leave it exactly as written]
  You leave it. A story knows where it is going. You just have to know it better.
  -> friday

=== friday ===
# scene: green-door-books
Friday. Four in the afternoon. The green door sticks, exactly as chapter 19 says it does.
Felix Orme looks up from the counter. He has the manuscript open on his own laptop, and a bread knife beside it, the one from page six.
"You read it," he says. "Of course you read it. You're the only one who ever read me properly."
* { rewrote and reyes_trust >= 1 } [Follow your own rewritten chapter]
  -> end_rewritten
* { met_widow } [Tell him who really wrote Pike's books]
  -> end_widow
* [Turn around and walk out]
  -> end_walk
* [Try to talk him down alone]
  -> end_close_call

=== end_rewritten ===
# scene: green-door-books
You do exactly what your chapter says. You walk in. You ask for a first edition. You turn toward the crime section.
Detective Sol Reyes looks up from a paperback Pike, already standing. "Mr. Orme. I'm afraid I've read ahead." # speaker: detective-sol-reyes
Felix stares at the laptop, at the page where the writer does not walk out, and sits down very slowly, as if the chapter has taken his knees.
Afterwards, outside, Reyes hands you a coffee from the café next door. "Better than the station's. That's a low bar." # speaker: detective-sol-reyes
You edit chapter 19 once more that night. You give it a very good ending. THE END.
-> END

=== end_widow ===
# scene: green-door-books
"Marianne wrote them," you tell him. "All eleven. Harlan couldn't write a shopping list. You've spent six months forging the wrong ghost."
Felix's face goes through disbelief, then fury, then something worse: he believes you. The knife stays where it is.
{ reyes_trust >= 1: Reyes steps out of the crime section behind him, very gently, the way you approach a dog that has been kicked. | The shop bell rings. It is Marianne, in her gardening gloves. "Felix. Put the bread knife down. It's a terrible plot device." }
Six months later, a novel comes out under the name Marianne Pike. It is the best book of the year. The dedication reads: for my editor, who kept the ending. THE END.
-> END

=== end_walk ===
# scene: cray-street
You turn around and walk out, which is not in chapter 19. The green door sticks behind you.
Felix comes running after you into the street with the laptop in his arms, shouting that you have ruined it, you have ruined the whole book.
{ reyes_trust >= 1: Reyes is waiting at the corner. He catches Felix in three strides and a very Pike-like sentence. | A passing traffic warden, alarmed by a man shouting about chapters, calls the police. }
The final Pike novel is never finished. You find that you do not mind at all. THE END.
-> END

=== end_close_call ===
# scene: green-door-books
You talk. You are good at talking to writers. You tell him the chapter is overwritten and the ending is obvious and the knife is a cliché.
He listens, hurt, and angry, and then, horribly, he starts to take notes.
{ clues >= 3: It buys you the four minutes it takes Reyes to work out why you aren't answering your phone. He comes through the green door at a run. | It buys you time. Not quite enough. You leave Green Door Books in an ambulance, alive, with eleven stitches and a very good story. }
Felix's chapter 19 is entered into evidence. The judge says it is overwritten. THE END.
-> END
