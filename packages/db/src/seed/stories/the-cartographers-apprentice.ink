// The Cartographer's Apprentice: the maps you draw become true, and your master has erased a city.
VAR restored = 0
VAR has_pen = false
VAR ilse_doubt = 0
-> opening

=== opening ===
# scene: map-room
# goal: save Orlen before the ink dries
The ink on the new map is still wet. Where Orlen should be there is only a careful, beautiful forest.
Master Ilse sets down her pen. "Orlen was going to burn the whole north. Now it will never have existed. Go to bed." # speaker: master-ilse
You grew up copying Orlen's streets. You know its bakeries by their little drawn chimneys. You bought your first good brush there.
* [Steal the map before the ink dries]
  -> flight
* [Argue with her]
  -> argument

=== flight ===
# scene: night-road
You run through the night with the wet map held flat between two boards. Behind you, a window of the map-house lights up, and then goes dark again. She is not chasing you. That frightens you more.
The forest on the map trembles with every step. Every mile, faint rooftops flicker back into the drawing, like a held breath.
* [Follow the road exactly as it is drawn]
  ~ restored++
  You walk the drawn road stone for stone, and the map steadies, and one chimney comes back for good.
  -> orlen_edge
* [Cut across the fields to get there faster]
  The fields are real and muddy and do not care about maps. You arrive sooner, and the map does not change at all.
  -> orlen_edge

=== argument ===
# scene: map-room
You talk until the candles gutter. Ilse does not give in, but she does not pick up the pen to finish the last line either. The ink has one hour left before it dries.
"A war is coming, child. Forty thousand dead in the northern valleys, I have surveyed it. One city against forty thousand. Tell me the sum comes out differently." # speaker: master-ilse
* [Ask her how she knows there will be a war]
  ~ ilse_doubt++
  "Because I drew the armies marching," she says, and then stops, hearing herself. "I drew a likely future. Likely. Not certain." # speaker: master-ilse
  -> orlen_edge
* [Take her silver pen while she talks]
  ~ has_pen = true
  Her silver pen, the one that makes things true, slides into your sleeve. She is too tired to notice. Or she lets you.
  -> orlen_edge

=== orlen_edge ===
# scene: the-new-forest
Dawn finds you at the place where Orlen was. There is a forest now: tall, fresh, too tidy, every tree exactly where the map says it should be.
{ argument: Ilse has come with you, wrapped in her grey travelling coat. She will not look at the trees. }
Some of the trees have doorknobs. One has a window box halfway up its trunk, with geraniums in it.
* [Knock on a tree with a doorknob]
  ~ restored++
  The bark is warm. From inside, very faintly, someone knocks back.
  -> half_people
* [Check the map against the trees]
  The map and the forest match to the leaf. Only in one place, where the market square should be, the ink is still glistening wet.
  -> half_people

=== half_people ===
# scene: the-new-forest
In the wet place, the forest is thin, and there are people. Half-there people, pale as tracing paper: a baker with floury hands, two children, a man holding a lead with no dog on it.
The baker looks straight at you. He almost knows you. "Apprentice? The brush girl? You still owe me for a loaf."
{ restored >= 2: The baker's outline is sharper than the rest. He is holding on to something. To you, maybe. }
* [Promise him you will pay it]
  ~ restored++
  "Good," he says, and he grows a little more solid, the way a promise does. "Good. Come back with the coin."
  -> ilse_confession
* [Ask him about the army]
  "Army?" He laughs. "Lord Brannock has two hundred men and a very loud trumpet. Nobody's marching anywhere. Nobody wants to."
  ~ ilse_doubt++
  -> ilse_confession

=== ilse_confession ===
# scene: the-new-forest
{ argument: Ilse has heard every word. | Ilse steps out of the trees behind you. She rode all night after all. }
"I drew Orlen's army from rumours," she says at last, very quietly. "From fear. If you draw fear precisely enough, the world agrees with you." # speaker: master-ilse
"I have never once drawn something out of existence before. I didn't think it would have people in it who owed money for bread." # speaker: master-ilse
* [Ask her to help you undo it]
  ~ ilse_doubt++
  -> war_camp
* [Tell her she was a coward]
  She flinches. "Yes," she says. "Yes. Brave people would have gone and talked to Brannock." # speaker: master-ilse
  -> war_camp

=== war_camp ===
# scene: brannock-camp
There is an army, in the end, a small one: Lord Brannock's two hundred, camped at the edge of the forest in confusion, because their city has become trees overnight.
Brannock himself is a stout, terrified man. He was not planning a war. He was planning a harvest fair.
{ has_pen: The silver pen is warm in your sleeve. You could draw anything at all. }
* [Tell Brannock the truth]
  He listens with his helmet in his hands. "A map," he says. "A map did this. Then a map can undo it, can't it?"
  -> drying
* [Keep the truth from him]
  You tell him it was a sorcerer. It is very nearly true.
  -> drying

=== drying ===
# scene: the-new-forest
The sun climbs. The last wet patch on the map is shrinking, bead by bead. Soon it will be dry, and Orlen will be a forest forever.
"Whatever you're going to do," Ilse says, "do it now. The ink is nearly a promise." # speaker: master-ilse
* { has_pen and restored >= 2 } [Draw Orlen back, street by street, from memory]
  -> end_redrawn
* { ilse_doubt >= 2 } [Hand Ilse the map and ask her to fix it]
  -> end_ilse
* [Tear the map in half]
  -> end_torn
* [Let the ink dry]
  -> end_forest

=== end_redrawn ===
# scene: orlen
You kneel in the wet patch with the silver pen and draw from memory: the bakery with its crooked chimney, the well, the brush shop, the market square.
You do not draw the army. You draw a harvest fair instead.
The forest folds away like a page turning, and Orlen stands in the morning sun, arguing, selling bread, alive. The baker sees you and shouts across the square. "The loaf! You owe me a loaf!"
Ilse watches you with an expression you have never seen on her face: she is impressed. "Your lines are better than mine were at your age," she says. "Don't let it go to your head." # speaker: master-ilse
You pay for the loaf. THE END.
-> END

=== end_ilse ===
# scene: orlen
Ilse takes the map and her own worn pen and, for the first time you have ever seen, draws badly: quickly, roughly, because there is no time to be beautiful.
Orlen comes back a little crooked. The streets don't quite meet. Nobody minds.
Then she breaks her pen over her knee. "No more futures. I'll teach you coastlines and rivers and nothing else, and you'll be a better cartographer than I ever was." # speaker: master-ilse
She goes to see Brannock that afternoon, and they talk about harvest fairs until dark. THE END.
-> END

=== end_torn ===
# scene: the-new-forest
You tear the map in half. The sound goes on much longer than paper should.
The forest unravels, and the city snaps back, all at once and unfinished: Orlen with no map to hold it, uncertain, unplanned, free. Nobody, not even Ilse, can say what it will do next.
"Well," Ilse says, into the noise of a whole city asking what happened. "Now we'll have to talk to them like everybody else." # speaker: master-ilse
{ restored >= 2: The baker is the first to reach you. He does not ask about the loaf. He just hugs you, flour and all. }
THE END.
-> END

=== end_forest ===
# scene: the-new-forest
You watch the last bead of ink shrink and vanish. The forest is permanent now. It is very beautiful, and there are no doorknobs on the trees any more.
Ilse puts a hand on your shoulder. "You'll hate me for a while. That's right. You should." # speaker: master-ilse
{ has_pen: You give her back the silver pen. She does not take it. "Keep it. Draw something that isn't a grave." }
No war comes. You never find out whether one would have. THE END.
-> END
