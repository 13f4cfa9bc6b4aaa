// The Last Ember: keep the last dragon egg warm through one winter night, with a knight at the door.
VAR warmth = 1
VAR knows_sister = false
VAR truth_seen = false
-> opening

=== opening ===
# scene: ruined-chapel
# goal: keep the egg warm until dawn
Snow hisses where it lands on the egg. It is the size of a lantern and just as warm, veined with a slow orange pulse like a heartbeat.
Outside the ruined chapel, hooves. Sir Aldric of the Pale Order calls your name as if he already owns it.
"Hearth-keeper. I know you are in there. I can see the glow through the shutters." # speaker: sir-aldric
* [Bar the chapel door and build up the fire]
  ~ warmth++
  -> chapel_fire
* [Slip out the back into the storm]
  -> storm

=== chapel_fire ===
# scene: ruined-chapel
You drag a pew across the door and feed the fire with hymn books, one a page at a time.
The fire roars. The egg purrs, a sound you feel in your ribs more than hear, and the chapel walls begin to glow with old dragon runes nobody has seen lit in a century.
A voice flickers inside your head, small and smug as a candle flame.
You are warm now. You are warm. Do not stop. # speaker: cinder
Aldric's fist stops mid-knock. Through the gap in the shutters you see his face change.
* [Call out to him through the door]
  "You know these runes," you say. It is not a question.
  -> parley
* [Stay silent and feed the fire]
  ~ warmth++
  You feed the fire until your hands are black with soot. Outside, the knight does not knock again. He waits, which is worse.
  -> parley

=== storm ===
# scene: blizzard
The storm swallows your tracks but also your warmth. The egg's pulse slows under your arm, orange going to ember-red. A small voice flickers inside your head, frightened.
Cold. So cold. Where did the fire go? # speaker: cinder
Ahead, a lantern: a shepherd's hut, its door already open, as if someone expected you.
* [Run for the hut]
  -> hut
* [Open your coat and hold the egg against your skin]
  ~ warmth++
  It is like hugging a kettle. You gasp, and keep holding on.
  Better. You smell of onions. I do not mind. # speaker: cinder
  -> hut

=== hut ===
# scene: shepherds-hut
The hut is empty, but somebody lived here once who loved dragons. Charcoal drawings cover every wall: wings, eggs, a small girl riding something with a tail like a river.
Each drawing is signed in a child's hand: Elswyth.
The door creaks behind you. Sir Aldric stands in it, snow on his shoulders, sword sheathed.
"You found her house. Of all the doors in Kethmar." # speaker: sir-aldric
~ knows_sister = true
-> parley

=== parley ===
# scene: chapel-threshold
Aldric does not draw his sword. Up close he is older than his voice, grey at the temples, with burn scars along one jaw.
"Give me the egg, hearth-keeper, and no one else needs to freeze tonight. The Order will let you go home." # speaker: sir-aldric
The egg shifts under your hands as if it heard.
* { knows_sister } [Ask him about Elswyth]
  -> sister
* { not knows_sister } [Ask him why the runes frightened him]
  -> sister
* [Tell him the egg is talking]
  He laughs, short and unkind. Then the egg flickers a thought into both of your heads at once, and he stops laughing.
  He smells of smoke. Old smoke. He has been sad for a long time. # speaker: cinder
  -> cinder_wakes

=== sister ===
# scene: chapel-threshold
~ knows_sister = true
Aldric sits down on the threshold as if his knees have decided for him.
"My sister drew those runes. She drew dragons on every wall in Hollin. Then Hollin burned, with her in it, and everyone said it was dragonfire." # speaker: sir-aldric
"I have hunted them for twenty years. This is the last one. After tonight, no one will ever have to burn again." # speaker: sir-aldric
* [Say her name back to him, gently]
  "Elswyth." He flinches as if you had struck him, and then, very slightly, he softens.
  -> cinder_wakes
* [Tell him vengeance won't warm anyone]
  "Nothing warms me," he says. "That is rather the point." # speaker: sir-aldric
  -> cinder_wakes

=== cinder_wakes ===
# scene: fireside
The egg cracks. Not open, only a hairline, and through it a voice like a match being struck.
Hello. I am Cinder. I am very important. Also I am cold, and there is a man here who wants me colder. # speaker: cinder
{ warmth >= 3: The shell is hot enough to hiss in the snow on your sleeve. | The shell is cooling. You can feel the pulse skipping beats. }
* [Give Cinder your own warmth]
  ~ warmth++
  You press your palms flat to the shell and feel the heat go out of your fingers into it, like blood into a bandage.
  Oh. Oh, that is lovely. You are the best one. # speaker: cinder
  -> hollin
* [Ask Cinder what it knows about Hollin]
  -> hollin

=== hollin ===
# scene: fireside
Cinder goes quiet, the way a fire goes quiet before it catches.
Eggs remember what their mothers saw. My mother saw Hollin. She saw men in pale cloaks with torches. She saw a girl run into a barn to save a foal. # speaker: cinder
Aldric has gone white to the lips.
* [Ask Cinder to show him]
  ~ truth_seen = true
  The runes on the walls flare, and for one long breath all three of you are standing in Hollin, twenty years ago, watching the Pale Order set the first fire.
  Aldric makes a sound you will never forget.
  -> dawn
* [Keep it to yourself for now]
  You hold the egg closer and say nothing. Some truths are heavier than eggs.
  -> dawn

=== dawn ===
# scene: grey-dawn
The storm thins. The sky over the Kethmar peaks goes the colour of pewter, then of pearl.
{ truth_seen: Aldric kneels in the snow with his sword across his knees. He does not look like a hunter any more. He looks like a brother. }
{ not truth_seen: Aldric stands between you and the valley road, patient as a gravestone. }
"Dawn," he says. "I swore to my Order I would have it by dawn." # speaker: sir-aldric
{ warmth >= 3: The egg is blazing now. Something inside it is turning over, impatient. }
* [Walk out to meet the dawn together]
  -> finale
* [Make one last run for the mountain pass]
  -> end_pass

=== finale ===
# scene: grey-dawn
You stand on the chapel steps with the egg in your arms and the knight at your side, and the whole white valley waiting.
* { truth_seen and knows_sister } [Ask Aldric to swear a new oath]
  -> end_oath
* { warmth >= 3 } [Let Cinder hatch, here, in the open]
  -> end_hatchling
* [Give Aldric the egg]
  -> end_cold

=== end_oath ===
# scene: grey-dawn
Aldric unpins the pale cloak of the Order and lays it on the snow, and then, after a moment, lays his sword on top of it.
"By Elswyth's name, and by the fire that took her, I will keep this creature as she would have kept it." # speaker: sir-aldric
Cinder hatches into his hands, small and furious and the colour of the first sunrise in a hundred years.
He is mine now too. I have two. That is allowed. # speaker: cinder
The three of you walk down into Kethmar together, and by spring the chapel runes are lit every night. THE END.
-> END

=== end_hatchling ===
# scene: grey-dawn
The shell splits with a sound like ice breaking on a lake. A dragon no bigger than a cat unfolds in your arms, steaming, and sneezes a spark onto Aldric's boot.
I am here. I am HERE. Everyone look at me. # speaker: cinder
Aldric does look. For a long time. Then he turns his horse around and rides back toward the Order alone, to tell them the last egg froze in the storm.
You raise Cinder in the high pastures, and every winter the valley is a little warmer than it was. THE END.
-> END

=== end_cold ===
# scene: grey-dawn
You hold the egg out. Aldric takes it with both hands, carefully, the way you hold something you have dreamed of breaking.
The pulse under the shell is very slow now.
Goodbye, warm one. It was nice, being held. # speaker: cinder
{ knows_sister: Aldric's face crumples. "Elswyth would never forgive me," he whispers, and he does not break it. He carries it up into the mountains instead, to the old nesting caves, and you never learn what he found there. | He rides away with it against his chest. You tell yourself the Order will keep it cold but whole. You do not believe yourself. }
THE END.
-> END

=== end_pass ===
# scene: mountain-pass
You run. The pass is knee-deep in drift and the egg is a coal against your heart.
{ warmth >= 3: It stays hot the whole way, hot enough to melt a path ahead of you. | It cools with every step, and you begin to talk to it, to keep it listening. }
Faster. He is following. He is not hurrying. That is worse. # speaker: cinder
You reach the far side of the mountains at noon. Behind you, a single rider crests the ridge and stops, and watches, and does not come down.
Every winter after, the knight comes to the ridge, and watches, and does not come down. You start to leave bread for him. THE END.
-> END
