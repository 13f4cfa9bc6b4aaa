// The Rival Bakery: two bakeries, one street, one lease, and a contest in seven days.
VAR spark = 0
VAR sabotaged = false
VAR lessons = false
VAR knows_milan = false
-> opening

=== opening ===
# scene: linden-street-dawn
# goal: win the last lease on Linden Street
At five in the morning both ovens are on and both windows are lit. Across the road, Sofia lifts a tray of flawless croissants and, looking straight at you, takes a bite.
Your phone buzzes. A message from an unknown number: your sourdough is annoyingly good.
You have never given Sofia Marchetti your number. You look up. She waves, with the croissant.
* [Text back a challenge]
  -> duel
* [Bring her a loaf as a peace offering]
  ~ spark++
  -> loaf

=== duel ===
# scene: bus-stop
You text: prove it. One loaf, one pastry, blind. Judge: Mrs. Abernathy at the bus stop. She buys from both of us and lies to both of us.
Sofia accepts in four seconds. "Deal. Bring tissues. For after." # speaker: sofia-marchetti
At seven-fifteen Mrs. Abernathy sits on the bus stop bench with a paper bag in each hand and the gravity of a supreme court judge.
* [Let Mrs. Abernathy judge honestly]
  Mrs. Abernathy chews, considers, and declares a tie. Then she orders you both to go for coffee, because, she says, the street has had enough of your faces through two windows.
  ~ spark++
  -> notice
* [Sabotage Sofia's croissant, a little]
  ~ sabotaged = true
  While Sofia is fetching napkins you tip salt over her croissant where the sugar should be. Mrs. Abernathy chews it, winces, and gives you the win. You feel awful all the way home.
  -> notice

=== loaf ===
# scene: sofia-bakery
You cross the road with a loaf still warm in a tea towel. Sofia stares at the loaf, then at you, then breaks off the heel and eats it standing in the doorway.
Her eyes close. "Okay," she says. "Okay. This is a problem." # speaker: sofia-marchetti
* [Ask her what the problem is]
  ~ spark++
  "The problem is I moved to a town with one street so I would never have to like anybody again, and now there is this bread." # speaker: sofia-marchetti
  -> notice
* [Ask her to teach you laminated dough]
  ~ lessons = true
  She narrows her eyes. "Five a.m. My kitchen. If you touch my butter without asking, I will put you in the proving drawer." # speaker: sofia-marchetti
  -> notice

=== notice ===
# scene: linden-street
At noon the landlord, Mr. Greaves, tapes a notice to both windows at once. The last lease on Linden Street goes to the winner of Saturday's baking contest. The loser has till the end of the month.
Sofia reads it through her window. You read it through yours. You look at each other across the road like two cats on two walls.
Your phone buzzes: well. that's dramatic.
* [Text back: may the best loaf win]
  "It will," she texts. "It's a croissant." Then: "That was a joke. Sort of." # speaker: sofia-marchetti
  -> power_cut
* [Text back: this isn't fair on either of us]
  ~ spark++
  A long pause. The dots come and go three times. Then: "No. It isn't." # speaker: sofia-marchetti
  -> power_cut

=== power_cut ===
# scene: your-bakery
On Thursday the power goes down across the whole of Linden Street, two hours before the morning bake. Your oven is wood-fired and doesn't care. Hers is electric and dead.
Through her window, by candlelight, Sofia is standing in front of forty trays of proved croissants with her hands over her mouth.
* [Offer her your oven]
  ~ spark++
  You bake side by side until dawn, elbow to elbow, her croissants and your loaves sharing the fire. She says thank you once, very quietly, into a tray of pain au chocolat.
  -> milan
* [Bake your own bread and watch the street]
  You bake. Your bread is excellent. Across the road, forty trays of croissants go into the bin one by one, and Sofia doesn't look up once.
  -> milan

=== milan ===
# scene: sofia-bakery
That night you find her sitting on her own back step with a bottle of wine and two glasses, as if she expected you.
"In Milan I was the pastry chef at a restaurant with a star. My fiancé was the head chef. He put his name on my desserts for five years, and then on somebody else." # speaker: sofia-marchetti
"So I came to a street with one bakery on it. And then you opened yours and were good. It felt like a joke the universe was making at me." # speaker: sofia-marchetti
~ knows_milan = true
* [Tell her you opened first]
  She laughs, properly, for the first time. "Yes. Yes, you did. Rude of you." # speaker: sofia-marchetti
  ~ spark++
  -> market
* [Tell her you'd never put your name on her work]
  "I know," she says. "That's the problem again." # speaker: sofia-marchetti
  -> market

=== market ===
# scene: saturday-market
On Friday the market stalls go up along Linden Street, and somehow your stall ends up next to hers, and somehow you end up sharing a float of change and a roll of paper bags.
{ sabotaged: Mrs. Abernathy stops at your stall, looks at you for a long time, and says, "That croissant was salty, dear. I am old, not stupid." }
{ lessons: Your first laminated pastry sells out by ten. Sofia pretends not to be proud of it, badly. }
* [Trade one of your loaves for one of her pastries]
  ~ spark++
  She eats your bread, you eat her pastry, and the queue watches you both like a tennis match.
  -> contest
* [Undercut her prices]
  You knock twenty pence off everything. She knocks off thirty. By noon you are both giving bread away and laughing too hard to stop.
  -> contest

=== contest ===
# scene: village-hall
Saturday. The village hall smells of floor polish and three hundred bakes. The judges are Mr. Greaves, the vicar, and Mrs. Abernathy, in a hat.
Sofia is at the next table. She has flour on her cheek. You do not tell her. Then you do.
"I hate you," she says, wiping it off. "Good luck." # speaker: sofia-marchetti
* { lessons } [Bake the sourdough croissant you invented together]
  ~ spark++
  -> judging
* [Bake your grandmother's sourdough]
  -> judging

=== judging ===
# scene: village-hall
The judges taste in silence. The vicar closes his eyes. Mr. Greaves writes things down. Mrs. Abernathy takes a second slice of everything and refuses to explain.
Then Mr. Greaves clears his throat. "Before we announce, does either finalist wish to say anything?"
* { lessons and spark >= 4 } [Ask to enter as a team]
  -> end_team
* { knows_milan and spark >= 3 } [Ask Sofia to share the street]
  -> end_share
* { sabotaged } [Confess to the salt]
  -> end_confession
* [Say nothing, and win it fair]
  -> end_win

=== end_team ===
# scene: village-hall
"We'd like to withdraw," you say, "and enter again. Together."
Sofia stares at you. Then she puts her floury hand in yours and lifts it up like a boxer's. "Marchetti and partner. Bakers." # speaker: sofia-marchetti
The sourdough croissant wins by a landslide. Mr. Greaves, defeated, gives you the lease to both shops. You knock a door through the wall between them in the first week.
On the sign it says your name first. She insisted. THE END.
-> END

=== end_share ===
# scene: linden-street
"I'd like to withdraw," you say. "Give it to her. On one condition: she has coffee with me, every morning, at five."
The hall goes quiet. Sofia looks at you as if you have taken her croissant and salted it and given it back as a crown.
"Six," she says. "Five is for baking. Idiot." # speaker: sofia-marchetti
Mrs. Abernathy declares a tie, regardless of the rules, and nobody dares argue. You both keep your shops, and your windows, and a very short walk across the road. THE END.
-> END

=== end_confession ===
# scene: village-hall
You stand up and tell the whole hall about the salt. Mrs. Abernathy nods grimly.
Sofia laughs until she cries. Then she admits she put vinegar in your starter the same morning, and it is your turn to sit down.
"We're terrible people," she says. "Let's be terrible together. Our bread is too good to waste on revenge." # speaker: sofia-marchetti
You are both disqualified. You start again on Monday, in one kitchen, and the bread is better than either of you ever made alone. THE END.
-> END

=== end_win ===
# scene: linden-street
You win. The sourdough, judges agree, is annoyingly good.
Sofia shakes your hand in front of the whole hall, perfectly gracious, and closes her shop at the end of the month.
A week later your phone buzzes. A photo: a new bakery, across the river, with a queue round the block. annoyingly good, it says, is a two-way street.
{ spark >= 2: You cross the bridge with a loaf the next morning at five. She is waiting in the doorway, with coffee. }
THE END.
-> END
