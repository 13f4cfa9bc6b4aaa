// The Forger's Last Canvas: the world's greatest forger is dead, and her last painting names her killer.
VAR knows_date = false
VAR has_page = false
VAR lucien_trust = 0
VAR vernet_wary = false
-> opening

=== opening ===
# scene: marseille-studio
# goal: read the painting before the killer does
The studio smells of linseed and sea salt. The Vermeer is flawless: a woman reading a letter by a window. But in the window's reflection there is a modern car, and on its plate, the start of a name.
Lucien Moreau leans in the doorway in a paint-stiff shirt, red-eyed, trying to look as if he has not been crying.
"She always said a good fake hides one true thing. I think she meant it literally." # speaker: lucien-moreau
The police think Celeste Moreau fell down her own stairs at seventy-eight. Nobody who knew her believes she ever fell down anything.
* [Study the reflection more closely]
  -> reflection
* [Search the rest of the studio]
  -> ledgers

=== reflection ===
# scene: marseille-studio
Under a loupe, the plate reads VERN-. And in the letter the painted woman is reading, in tiny brushstrokes, a date: tomorrow night.
~ knows_date = true
* [Show Lucien]
  ~ lucien_trust++
  He bends over the loupe so close his breath fogs it. "VERN. Vernet. Her dealer. Thirty years." He straightens, pale. "And tomorrow night is the unveiling at the Musée Longchamp." # speaker: lucien-moreau
  -> cafe
* [Keep it from him for now]
  You cover the plate with your thumb when he looks over. He notices, and smiles, and pretends he didn't.
  -> cafe

=== ledgers ===
# scene: marseille-studio
Behind a false wall, behind a rack of blank canvases: forty years of ledgers. Every fake she ever sold, and to whom. Museums, ministers, a cardinal.
One buyer's name is circled in red, three times: G. Vernet. Beside it, in her hand: he knows what he sold them.
* [Tear out the circled page]
  ~ has_page = true
  The paper is thin as skin. You fold it into your notebook.
  -> cafe
* [Ask Lucien about the ledgers]
  ~ lucien_trust++
  "She kept everything. She said if they ever caught her, she wanted to be caught properly." # speaker: lucien-moreau
  He puts his hand flat on the ledgers as if they were warm. "Not like this. Not dead first."
  -> cafe

=== cafe ===
# scene: vieux-port-cafe
Lucien takes you to the café on the Vieux-Port where his grandmother had coffee every morning for fifty years. The waiter brings three cups out of habit, then takes one away.
"You are looking at me like a suspect. I like it. Nobody has looked at me properly since the funeral." # speaker: lucien-moreau
He flirts to deflect. He is very good at it. Underneath, something is eating him.
* [Ask him what he is hiding]
  He puts his cup down. "Last year I sold one of her sketches. Without telling her. For rent. To Vernet." # speaker: lucien-moreau
  "He asked so many questions about her work. I thought he was being kind." # speaker: lucien-moreau
  ~ lucien_trust++
  -> sketchbook
* [Flirt back]
  "Careful," he says, delighted. "I might start telling you the truth by accident." # speaker: lucien-moreau
  -> sketchbook

=== sketchbook ===
# scene: vieux-port-cafe
He brings out her last sketchbook, the one she carried everywhere. The final pages are studies for the Vermeer: the woman, the window, the letter.
And on the very last page, not a study at all: a drawing of a museum wall with a painting on it, and beneath it, an arrow and one word: MINE.
"The Longchamp Vermeer," Lucien says. "The newly discovered one. It's hers. She painted it in 1991. Vernet sold it to the museum as genuine, and tomorrow they unveil it to the world." # speaker: lucien-moreau
-> gallery

=== gallery ===
# scene: vernet-gallery
Galerie Vernet is white and hushed and smells of money. Gaston Vernet himself greets you: silver hair, soft hands, a black car parked outside with a plate that begins VERN.
"Such a loss. Such a talent. I was her friend, you know, for thirty years." He spreads his soft hands. "Is there something I can sell you?"
* [Mention the unveiling tomorrow night]
  ~ vernet_wary = true
  Something moves behind his eyes, fast, and is gone. "A triumph for the city," he says. "You must come. I will be there."
  -> museum
* [Ask to see something by Vermeer]
  He laughs. "If only. Vermeers are very rare." He doesn't blink. You will give him that: he doesn't blink.
  -> museum

=== museum ===
# scene: musee-longchamp
The Musée Longchamp has the new Vermeer under a velvet cloth in a roped-off gallery. A curator lets you peek, because Lucien is charming and the curator is lonely.
The painting is luminous. Lucien looks at it for a long time, and then laughs, softly, and points: in the pearl earring, tiny as a grain of salt, a reflected face. An old woman, smiling.
"The one true thing," he says. "She signed it. She always signed them." # speaker: lucien-moreau
* [Ask the curator to cancel the unveiling]
  The curator goes pale and says it is impossible, the minister is coming, the press. But she writes your number down.
  -> waiting
* [Say nothing and leave]
  ~ lucien_trust++
  Outside, Lucien kisses you on both cheeks, then, after a hesitation, once more. "For luck," he says. # speaker: lucien-moreau
  -> waiting

=== waiting ===
# scene: marseille-studio
Back in the studio, the evening goes slowly. Lucien makes omelettes on a camping stove and burns both of them.
"She'd have said we're missing something. She always said that, right before she found it." # speaker: lucien-moreau
* { not knows_date } [Study the Vermeer under the loupe]
  ~ knows_date = true
  In the letter the painted woman is reading, in brushstrokes finer than eyelashes: a date. Tomorrow night. And in the window, a car, with a plate that begins VERN.
  -> stakeout
* { not has_page } [Search the walls for her hiding places]
  ~ has_page = true
  Behind a false wall, forty years of ledgers. One name circled in red, three times: G. Vernet. Beside it, in her hand: he knows what he sold them. You tear out the page.
  -> stakeout
* [Eat the burnt omelette and wait]
  ~ lucien_trust++
  It is terrible. You eat all of it. Lucien watches you do it with an expression you decide not to examine yet.
  -> stakeout

=== stakeout ===
# scene: marseille-studio
Celeste's painting said tomorrow night. You and Lucien wait in the dark studio with the Vermeer on its easel, because if you were Vernet, it is the one thing you would need to destroy.
{ vernet_wary: He knows you are onto him. He will come early. }
At two in the morning, a key turns in the lock. Gaston Vernet has a key. Of course he does.
* [Hide in the loft and watch]
  You watch him cross the studio with a can of turpentine in his soft hands.
  -> confrontation
* [Switch on every light]
  The studio blazes. Vernet freezes in the middle of the floor, a can of turpentine in his hand, blinking like an owl.
  -> confrontation

=== confrontation ===
# scene: marseille-studio
"She was going to tell them," Vernet says. He does not sound angry, only tired. "Tomorrow, at the unveiling, in front of the minister. Forty years of my reputation. She called me to say goodbye."
He sets down the can. His hands are shaking now.
* { has_page and knows_date } [Lay out the proof: the plate, the date, the circled page]
  -> end_trap
* { lucien_trust >= 3 } [Let Lucien tell the world at the unveiling]
  -> end_unveiling
* [Call the police and wait]
  -> end_police
* [Let him walk out]
  -> end_gone

=== end_trap ===
# scene: marseille-studio
You lay it on the table between you: the loupe, the plate, the date in the letter, the circled page in her own hand. He knows what he sold them.
Vernet reads it and sits down on her stool, the one with the paint-stiff cushion. "She painted me into it," he whispers. "She knew I'd come."
Celeste had set one last trap, and it worked. The police find the rest in his car.
Lucien stands in front of the Vermeer for a long time after they have gone. "A good fake hides one true thing," he says. "This one hid him." # speaker: lucien-moreau
THE END.
-> END

=== end_unveiling ===
# scene: musee-longchamp
The next night, at the unveiling, the minister pulls the velvet cloth, and before the applause can start, Lucien Moreau steps over the rope with a loupe in his hand.
"Minister, ladies and gentlemen. Look at the pearl." # speaker: lucien-moreau
It is the biggest art scandal in fifty years. Vernet is arrested before the champagne is warm. And Celeste Moreau, forger, becomes famous under her own name at last, which is exactly what she wanted, and exactly how.
Lucien takes you to the café the next morning. The waiter brings three cups. Neither of you sends one back. THE END.
-> END

=== end_police ===
# scene: marseille-studio
The police come in twelve minutes. Vernet does not run. He sits on the stairs where she fell and waits with his hands open on his knees.
{ has_page: The circled page convicts him. | Without the ledger page, his lawyers make it an accident again, almost. It takes a year, and Lucien's testimony, and in the end it is enough. }
Lucien keeps the Vermeer with the car in its window. "Evidence," he says, and hangs it in his kitchen. # speaker: lucien-moreau
THE END.
-> END

=== end_gone ===
# scene: vieux-port-cafe
Vernet walks out past you, into the dark, and you let him. Some part of you wants to see what she planned for him.
It turns out she planned well. At the unveiling the next night, the curator, who wrote your number down, finds the face in the pearl all by herself.
Vernet's car is found at the airport. Vernet is not. Lucien sends a postcard of the Vermeer to every gallery in Europe, with the pearl circled in red, three times.
"She'd have liked that," he says. "Her joke, finishing itself." # speaker: lucien-moreau
THE END.
-> END
