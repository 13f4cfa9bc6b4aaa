// The Vanishing at Hollow Pines: forty campers vanished in 1987, and your name is on the roster.
VAR recording = false
VAR flashes = 0
VAR rosalind_trust = 0
VAR evidence = false
-> opening

=== opening ===
# scene: mess-hall
# goal: find out what happened to the forty
The cabins are still standing, roofs sagging under thirty-nine years of pine needles. On the mess hall wall, a faded roster: forty names in marker. The twenty-third is yours.
Behind you, an old woman's voice: "You came back. The others never do." # speaker: director-rosalind
Rosalind Hale, camp director, summer of 1987. She is smaller than in the newspaper photos, and she is looking at the red light on your recorder.
"Turn off your recorder. You can turn it back on when you've earned it." # speaker: director-rosalind
* [Turn off the recorder]
  ~ rosalind_trust++
  -> lake
* [Keep recording in secret]
  ~ recording = true
  -> tape

=== lake ===
# scene: lake-shore
Rosalind walks you to the lake. The water is black and flat. On the far shore, there is a second, smaller camp that appears on no map, its cabins painted the same green.
"We did not vanish," she says. "We were moved." # speaker: director-rosalind
* [Ask who moved you]
  "Men in grey suits with a government letter and a very kind doctor. They said it was a sleep study. I signed for forty children." # speaker: director-rosalind
  -> cabin_23
* [Ask why none of you remember]
  "Because that was the study." She says it flatly, like a sentence she has practised for forty years. # speaker: director-rosalind
  ~ flashes++
  Something flickers behind your eyes: a green door, a bright light, someone counting backwards.
  -> cabin_23

=== tape ===
# scene: mess-hall
Rosalind notices within minutes. Instead of leaving, she leans into the microphone.
"Fine. Then let them hear it. We were taken to the lake camp by men in grey. I counted forty in and forty out." # speaker: director-rosalind
Then she sits back and looks at you. "You always did want to be the one holding the torch."
* [Apologise and switch it off]
  ~ recording = false
  ~ rosalind_trust++
  She nods once. "Better. Now we can talk." # speaker: director-rosalind
  -> cabin_23
* [Ask her to go on]
  "Not in here. Walk." # speaker: director-rosalind
  -> cabin_23

=== cabin_23 ===
# scene: camp-cabin
Cabin 4 sleeps six. Your initials are carved into the frame of the top bunk by the window, next to a badly drawn owl.
{ flashes > 0: The owl. You drew the owl. You remember the penknife, and the splinter. }
* [Lie on the bunk and close your eyes]
  ~ flashes++
  The mattress smells of damp and summer. You hear, very clearly, a boy whispering in the dark: count the doors, count the doors, it's how we'll get home.
  -> boathouse
* [Search under the loose floorboard]
  ~ evidence = true
  Under the board: a child's notebook, soft with damp. Inside, in your handwriting, aged ten: DAY 3. GREY MEN. THEY WRITE DOWN OUR DREAMS. I AM HIDING THIS.
  -> boathouse

=== boathouse ===
# scene: boathouse
The boathouse still has one rowing boat that floats. Rosalind rows, steadily, as if she has done it every year.
"I come across every August," she says. "To check the locks are still on. To check they haven't come back." # speaker: director-rosalind
* [Offer to row]
  ~ rosalind_trust++
  She hands you the oars without a word. Halfway across she starts, very quietly, to sing the camp song.
  -> far_camp
* [Ask who "they" are]
  "A programme with a name that was a number. A doctor named Penner. He's still alive. He lives two towns over. He sends me a card at Christmas." # speaker: director-rosalind
  -> far_camp

=== far_camp ===
# scene: far-camp
The far camp is four cabins and a low concrete building with a steel door. Rosalind has the key on a string around her neck.
Inside: filing cabinets. Forty files, each with a child's photograph clipped to the front. Yours is number 23. You look very serious in it.
* [Read your own file]
  ~ flashes++
  Subject 23 led the others out of the observation block on night six. Subject 23 is to be watched. Subject 23 is not to be brought back.
  The memory comes up like a fish: you, ten years old, holding a torch, counting doors out loud.
  -> grey_car
* [Photograph every page]
  ~ evidence = true
  You photograph every page until your phone is hot in your hand: consent forms, dosage charts, a signature that reads A. Penner, forty times.
  -> grey_car

=== grey_car ===
# scene: far-camp
Headlights on the lake road. A grey car, old and well kept, pulls up at the far-camp gate. An old man gets out, slowly, leaning on a stick.
"Rosalind," he says pleasantly. "You've brought one of them back. How interesting." He looks at you with professional warmth. "Number 23, isn't it? The leader."
Rosalind steps between you and him. She is shaking. "Get back in your car, Aldous." # speaker: director-rosalind
* [Confront him]
  He listens politely to everything you say and answers none of it. "It was a different time," he says, and gets back in his car. He drives away very slowly, like a man who has never once had to hurry.
  -> rosalind_truth
* [Stay hidden and let him talk]
  He talks to Rosalind as if you are not there: about funding, about results, about the children who were never quite the same. He is proud of it. You let him be proud, and you listen.
  ~ evidence = true
  -> rosalind_truth

=== rosalind_truth ===
# scene: lake-shore
On the jetty afterwards, with the sun coming up, Rosalind tells you the last of it.
"I signed the forms. I thought it was a sleep camp. When I understood, I got you out, all forty, on night six, because one ten-year-old showed me the way. I've been blamed for it ever since. I let them blame me. It kept the files safe." # speaker: director-rosalind
{ flashes >= 2: You remember now. Her hand in yours in the dark. Her voice saying: good, good, lead them out, I'm right behind you. }
* [Tell her you remember her]
  ~ rosalind_trust++
  She turns her face away toward the lake for a long time.
  -> finale
* [Ask her to say it on the record]
  ~ recording = true
  She looks at your recorder. "Go on then. I think I've earned it." # speaker: director-rosalind
  -> finale

=== finale ===
# scene: lake-shore
The sun is fully up. The lake is loud with birds. You have an episode, or a memory, or a phone full of files, or all three.
* { recording and rosalind_trust >= 2 } [Publish the full interview]
  -> end_episode
* { flashes >= 3 } [Close your eyes and remember the rest]
  -> end_remember
* { evidence } [Find the other thirty-nine]
  -> end_reunion
* [Drive away and let it stay buried]
  -> end_buried

=== end_episode ===
# scene: studio
The episode goes out on a Tuesday. By Friday it is the most downloaded true-crime story of the year.
Rosalind's voice, steady and dry, telling the truth after thirty-nine years: "I counted forty in and forty out, and I would do it again." # speaker: director-rosalind
Three other campers call in the first week. Then eleven. Then thirty-eight. Rosalind finally gets to stop being the villain, and starts, at seventy-six, to be interviewed everywhere, and to enjoy it. THE END.
-> END

=== end_remember ===
# scene: far-camp
You close your eyes on the jetty and let it come: the grey men, the bright room, the counting. The boy who whispered about doors. Your own torch, shaking.
Forty children in pyjamas walking through a black wood in a line, holding hands, and you in front, counting doors, counting trees, counting them home.
When you open your eyes Rosalind is holding your hand, exactly as she did then.
"There you are," she says. "There's my leader." # speaker: director-rosalind
You do not make the podcast. You make forty phone calls instead. THE END.
-> END

=== end_reunion ===
# scene: lake-shore
It takes you a year to find them all with the files. A dentist, a bus driver, two sisters who run a bakery, a man in prison, a woman who became a sleep scientist and cannot explain why.
In August, thirty-four of them come back to Hollow Pines. Rosalind rows them across the lake in shifts, and stands in the door of the far camp while they read their own files.
"Forty in," she says, at the end of the day, counting heads on the jetty out of habit. "Thirty-four out. Close enough. Close enough." # speaker: director-rosalind
THE END.
-> END

=== end_buried ===
# scene: lake-road
You drive away with the windows down and the pines going past like a fence.
{ evidence: On the passenger seat, the notebook and the photographs. You do not throw them away. You just do not look at them. | You leave with nothing but the twenty-third name in marker, burned into the back of your eyes. }
A card arrives at Christmas, in a precise old hand. It says: when you're ready, the boat still floats. R.
You keep it on the fridge for a long time. THE END.
-> END
