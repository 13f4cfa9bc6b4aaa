// First Day at the Allotment: plot 17, a shed of secret jars, and a thirty-year rivalry with plot 18.
VAR marrow = 0
VAR winnie = 0
VAR opened_jar = false
VAR knows_1965 = false
-> opening

=== opening ===
# scene: plot-seventeen
# goal: get plot 17 ready for the show in six weeks
Plot 17 is a jungle. The shed door creaks on a wall of labelled jars: GRANDAD'S SECRET, DO NOT OPEN, SERIOUSLY.
Over the fence, plot 18 straightens up from a perfect row of leeks. "So. You're the grandson. He owed me a rematch." # speaker: winifred-plot18
Winifred is eighty, five foot nothing, in a waxed jacket older than you. She looks at your trainers and your brand-new trowel with profound pity.
"Those brambles are older than you. Don't pull them, you'll only make them angry. Pass me that trowel." # speaker: winifred-plot18
* [Open the jar labelled DO NOT OPEN]
  ~ opened_jar = true
  -> jar
* [Ask Winifred to teach you]
  ~ winnie++
  -> lessons

=== jar ===
# scene: grandads-shed
It is full of seeds and a note in your grandfather's square pencil capitals: FOR WINNIE, WHEN I'M GONE. TELL HER THEY WERE ALWAYS HERS.
The seeds are big and flat and cream-coloured. The packet says, in the same hand: HAWTHORN GIANT. The marrow that won every show on Hawthorn Lane for thirty years.
* [Take the seeds over the fence to Winifred now]
  ~ winnie++
  She reads the note twice. Her mouth goes thin. "Daft old sod," she says, and goes into her own shed and shuts the door for quite a long time. # speaker: winifred-plot18
  When she comes out, she hands you back half the seeds. "Well, don't just stand there. They need a hotbed. I'll show you." # speaker: winifred-plot18
  -> committee
* [Plant them yourself first]
  ~ marrow++
  You plant them in the warmest corner, by the shed, with a lot of well-rotted something from a heap you hope is compost. You'll tell her. Soon. After they come up.
  -> committee

=== lessons ===
# scene: plot-seventeen
She makes you earn it: a week of brambles, a week of compost, a week of slugs.
"You dig like a man burying a body. Lift from the knees. The knees, I said. Those are your shins." # speaker: winifred-plot18
By week four she is bringing tea in a flask, and telling stories about your grandfather you have never heard: the year he grew a pumpkin so large it had to be rolled to the show, the year he dyed her prize onions blue.
* [Ask her why they were rivals]
  ~ winnie++
  "Because he was the only one on this site worth beating." She sips her tea. "Thirty years. We never spoke a civil word. Best friend I ever had." # speaker: winifred-plot18
  -> committee
* [Ask her to show you his secret jars]
  "Never touched them. He'd have haunted me." But she walks you to the shed, and stands in the doorway, and reads the labels with a strange look on her face. # speaker: winifred-plot18
  -> committee

=== committee ===
# scene: allotment-hut
On the Saturday, the allotment committee inspects. Mr. Pettigrew, the chairman, has a clipboard, a lanyard and a grudge.
"Plot 17 is not adequately cultivated. Rule 14b. If it's not fit for the show, the plot goes to the waiting list. Forty-two people on the waiting list."
Winifred, behind him, mimes strangling him with his own lanyard.
* [Promise him a prize-winner]
  ~ marrow++
  "A prize-winner," Pettigrew repeats, writing it down with relish. "From plot 17. I'll hold you to that."
  -> slugs
* [Point out that plot 18 is also full of weeds]
  ~ winnie++
  Plot 18 is immaculate. Winifred looks at you with outrage, then with glee, as Pettigrew spends twenty minutes searching it for a single weed and finds none.
  "You'll do," she says afterwards. "You'll do." # speaker: winifred-plot18
  -> slugs

=== slugs ===
# scene: plot-seventeen
Week three. The slugs arrive like an invading army. Your seedlings are lace by Tuesday.
"Beer traps," says Winifred. "Bitter, not lager. Lager's wasted on slugs." # speaker: winifred-plot18
In the shed, a jar you have not opened says SLUGS, SERIOUSLY. It smells of garlic strong enough to strip paint.
* [Use Winifred's beer traps]
  ~ winnie++
  By morning every trap is full of drunk, happy slugs. Winifred empties them over the fence into Pettigrew's plot with a look of perfect innocence.
  -> heatwave
* [Use Grandad's garlic spray]
  ~ marrow++
  It works. Nothing comes near plot 17 for a week: no slugs, no birds, no Winifred. She stands at the fence holding her nose. "He used that on me in 1987," she says. "I knew it." # speaker: winifred-plot18
  -> heatwave

=== heatwave ===
# scene: plot-seventeen-dawn
Week five. A heatwave, and a hosepipe ban. Every plot on Hawthorn Lane is wilting.
At half past five in the morning you find Winifred already at the water butts with two cans, watering your plot as well as hers.
"Don't say anything. Your marrows were whimpering. I could hear them from my bed." # speaker: winifred-plot18
* [Carry the cans for her]
  ~ winnie++
  ~ marrow++
  You carry, she points. By seven both plots are watered and you are both soaked and sitting on upturned buckets eating her sandwiches.
  -> shed_story
* [Water at night instead, when it's cooler]
  ~ marrow++
  You come back at ten at night with a head torch. The marrows drink like horses. Over the fence, a torch clicks on, and off again, and somebody chuckles.
  -> shed_story

=== shed_story ===
# scene: grandads-shed
The night before the show, a storm blows in, and you and Winifred take shelter in your grandfather's shed with a flask and the jars rattling on their shelves.
She picks up the jar that says GRANDAD'S SECRET and turns it in her hands without opening it.
"Summer of 1965, he asked me to marry him. Right here, in this shed. I said no, because he'd beaten my onions that morning and I was furious. I was going to say yes the next week. Then Maureen came along." # speaker: winifred-plot18
~ knows_1965 = true
"He married her and he was happy and so was I, in my way. We just kept growing things at each other. For sixty years." # speaker: winifred-plot18
* [Ask her to open the jar]
  She opens it. Inside: a single dried flower, an onion flower, and a note: FOR WHEN SHE'S READY TO ADMIT I WON.
  Winifred laughs until she cries. "Never," she says. "Never, you daft old sod." # speaker: winifred-plot18
  ~ winnie++
  -> show_day
* [Sit with her and listen to the rain]
  You sit. The rain hammers on the roof. After a while she puts her hand on yours on the bench, briefly, and takes it back.
  -> show_day

=== show_day ===
# scene: allotment-show
Show day. Trestle tables in the allotment hut, rosettes, a tea urn the size of a dustbin, and Mr. Pettigrew in a judge's hat.
{ marrow >= 3: Your marrow is enormous. It takes both of you to carry it, and it still has a garlic smell about it. | Your marrow is respectable. Pettigrew looks at it and sniffs. }
Winifred's leeks are perfect, as always, laid out like a row of white candles. She catches your eye and raises her chin: it's on.
* { marrow >= 3 } [Enter the giant marrow]
  -> end_trophy
* { opened_jar and winnie >= 3 } [Enter the Hawthorn Giant together, plots 17 and 18]
  -> end_joint
* { knows_1965 and winnie >= 3 } [Withdraw, and let Winnie win]
  -> end_rematch
* [Enter your leeks, and lose gracefully]
  -> end_graceful

=== end_trophy ===
# scene: allotment-show
Pettigrew measures it three times, with mounting despair. Plot 17 wins Best in Show with the largest marrow Hawthorn Lane has seen in thirty years.
Winifred shakes your hand with a grip like a vice. "Beginner's luck," she says. "Next year I'm coming for you." # speaker: winifred-plot18
You hang the rosette in the shed, next to your grandfather's, and the jar of seeds sits beside them, half full. Enough for next year. THE END.
-> END

=== end_joint ===
# scene: allotment-show
You enter the Hawthorn Giant under both plot numbers, 17 and 18, and Pettigrew has to consult the rule book for forty minutes to find out whether that is allowed. It is, by a technicality from 1952.
It wins. Of course it wins. It has been winning for thirty years.
"Always mine," Winifred says, holding the rosette. "He said so. In writing." # speaker: winifred-plot18
You take down the fence between 17 and 18 that winter. Pettigrew files a complaint. Nobody reads it. THE END.
-> END

=== end_rematch ===
# scene: allotment-show
You withdraw your marrow with a loud excuse about a split stem. Winifred's leeks win Best in Show.
She knows, of course. She marches across the hut with the rosette in her fist and jabs you in the chest with it.
"Don't you dare. Don't you ever let me win. I had sixty years of that man never letting me win, and it was the best thing anyone ever did for me. Rematch. Next year. Properly." # speaker: winifred-plot18
Then she hugs you, hard, smelling of leeks. THE END.
-> END

=== end_graceful ===
# scene: allotment-show
Your leeks come ninth out of nine. Pettigrew gives you a certificate that says Participant in a font that is somehow sarcastic.
Winifred wins, as expected, and accepts the rosette with the air of a queen accepting tribute.
Afterwards she finds you at the tea urn. "Not bad. For a grandson." She pauses. "Same time tomorrow. Those brambles won't dig themselves." # speaker: winifred-plot18
You're there at seven. She's there at half six, with two cups. THE END.
-> END
