// The Witch of Saltmarsh: every spell costs a memory, and the tide has your brother.
VAR memories_paid = 0
VAR maren_trust = 0
VAR alone = false
-> opening

=== opening ===
# scene: witch-hut
# goal: get your brother back from the tide
Maren's hut smells of kelp and candle smoke. Jars line every shelf, each one glowing faintly: a wedding, a storm, a child's laugh, bottled.
She does not look up from her mortar. "You want the tide to give something back. The tide never gives. It only trades." # speaker: maren-saltmarsh
Your brother Tobin went out after the crab pots nine days ago. The boat came back. He did not.
"So. What are you offering? And don't say money. Money's just a memory of work." # speaker: maren-saltmarsh
* [Offer her your happiest memory]
  ~ memories_paid++
  -> offer_memory
* [Offer to work for her instead]
  -> work_night

=== offer_memory ===
# scene: witch-hut
She uncorks an empty jar and holds it to your temple. You feel the summer afternoon slide out of you: the kite, the cliff, your brother laughing.
Then it is gone, and there is a jar on the table with a small gold sky in it, and you cannot think why you are crying.
Maren goes very still. "This one," she whispers. "I remember this one. I was there." # speaker: maren-saltmarsh
* [Ask how she could have been there]
  ~ maren_trust++
  -> maren_past
* [Ask for the memory back]
  "No refunds." She says it by habit, then looks at the jar and doesn't put it on the shelf with the others. She keeps it in her hand. # speaker: maren-saltmarsh
  -> maren_past

=== work_night ===
# scene: jar-shelves
Maren sets you to sorting jars through the night: joys on the top shelf, griefs at the bottom, anything that hums in a minor key in the bucket by the door.
"Label them properly. Last apprentice put a funeral with the birthdays. Very confusing party." # speaker: maren-saltmarsh
Near dawn, at the back of the lowest shelf, you find a jar that is not glowing but sloshing. Sea water. And in it, faint as a shell's echo, your brother's voice calling your name.
It is not a memory. It is a message.
* [Bring it to Maren]
  ~ maren_trust++
  -> maren_past
* [Hide it in your coat]
  ~ alone = true
  You tuck it away. Maren glances at the gap on the shelf and says nothing, which from her is a paragraph.
  -> the_jar

=== maren_past ===
# scene: witch-hut
Maren sits down on an upturned crate, suddenly looking her age.
"I grew up on the next stilt-house to yours. I was the big girl who held the kite string when the wind got too strong for you both. I traded that whole summer away twenty years ago for my first spell. Never knew what I'd lost. Till now." # speaker: maren-saltmarsh
{ memories_paid > 0: She turns your gold-sky jar in her hands. "Funny. It's better from your side." }
"Your Tobin was the one who fell off the cliff path and laughed about it. Of course the tide wanted him. It likes the ones who laugh." # speaker: maren-saltmarsh
-> the_jar

=== the_jar ===
# scene: witch-hut
You hold the sloshing jar to your ear. Tobin's voice is clearer now, and wet, and frightened: ring the old bell at low tide, they'll let me come up if somebody rings the bell.
Maren listens with her eyes shut, the way other people listen to music.
"He's not dead. Drowned and dead aren't the same thing in Saltmarsh, whatever the priest says." # speaker: maren-saltmarsh
"The drowned bell's in the old church, out past the causeway. Tide's low at noon. And the sea'll want paying, mind. It always does." # speaker: maren-saltmarsh
* [Ask Maren what the sea will want]
  -> low_tide
* [Go to the bell alone]
  ~ alone = true
  -> causeway

=== low_tide ===
# scene: saltmarsh-shore
Maren walks you down to the mudflats, boots squelching, a net bag of jars over her shoulder.
"The tide takes memories as ballast. It can't give a man back without something to fill the space he leaves. Something of him. Or something of you." # speaker: maren-saltmarsh
* [Give her a memory of Tobin: teaching him to swim]
  ~ memories_paid++
  The memory goes into the jar as a blue ripple. You remember that you taught him something once. You do not remember what.
  -> causeway
* [Give her a memory of your mother's voice]
  ~ memories_paid++
  It comes out as a low gold hum. Maren holds that one for a long moment before she stoppers it.
  "Good one. Warm. The sea will like that." # speaker: maren-saltmarsh
  -> causeway
* [Refuse to pay any more]
  ~ maren_trust++
  "Good," Maren says, surprising you. "Never trust a witch who says yes to everything. Including me." # speaker: maren-saltmarsh
  -> causeway

=== causeway ===
# scene: causeway
Noon. The causeway rises out of the water like the spine of something sleeping. At its end the old church leans, half-drowned, its bell tower green with weed.
{ alone: You walk it alone. Behind you on the shore, a small figure with a net bag is watching, and not following. | Maren walks beside you, counting the waves under her breath. }
The tide has turned already. You can hear it coming back, patient as a cat.
* [Run for the bell tower]
  -> drowned_bell
* [Stop and let Maren mark the way]
  ~ maren_trust++
  { alone:
    You wave. After a pause, she comes splashing out after you, swearing beautifully.
    ~ alone = false
  }
  She presses shells into the mud at the safe places, one every step, all the way to the church door.
  -> drowned_bell

=== drowned_bell ===
# scene: drowned-church
Inside, the church is full of water to the pews, and the bell hangs just above it, green as an old penny. You ring it once.
The water goes flat as glass. Under it, in the nave, your brother is standing, pale and barefoot, with seaweed in his hair and his eyes open.
"Took you long enough," Tobin says, in bubbles, and grins. You would know that grin anywhere.
The tide rises around your knees, asking.
"There it is," Maren says softly. "Now it wants its price." # speaker: maren-saltmarsh
* [Reach down for him]
  His fingers are cold and wrinkled as a bath-day child's. The water tightens around your wrist, gently, like a question.
  -> bargain
* [Ask him if he wants to come back]
  "Mostly," he says, and looks over his shoulder at something in the dark of the nave that you cannot see. "Mostly, yes."
  -> bargain

=== bargain ===
# scene: drowned-church
* { memories_paid >= 2 } [Pay with everything you remember of him]
  -> end_returned
* { maren_trust >= 2 and not alone } [Let Maren pay with her jars]
  -> end_maren
* [Take his place under the water]
  -> end_tide_keeper
* [Let the tide keep him]
  -> end_goodbye

=== end_returned ===
# scene: saltmarsh-shore
You close your eyes and let the tide have him: every crab pot, every scraped knee, every stupid joke on the cliff path.
When you open your eyes a young man is coughing up seawater on the causeway, and you have never seen him before in your life.
He looks at you as if you hung the moon. "You came. I knew you'd come." He takes your hand. You let him, because it seems to matter to him.
Maren walks behind you both all the way home, carrying a jar of gold sky, and on the first evening she starts telling you about him, one story at a time. THE END.
-> END

=== end_maren ===
# scene: drowned-church
Maren uncorks her jars one after another and pours them into the water: weddings, birthdays, a stranger's first snowfall, twenty years of other people's happiness.
"Go on," she says to the tide. "Take it. I only kept them to feel something. Turns out I feel plenty." # speaker: maren-saltmarsh
The sea takes the gold and gives back your brother, gasping and laughing in the shallows.
Maren is left with one jar, yours, the kite and the cliff. She doesn't open it. She hangs it in her window, where the three of you can see it from the stilt-houses. THE END.
-> END

=== end_tide_keeper ===
# scene: under-the-water
You step down into the nave. The water is not cold. It is only very, very quiet.
Tobin comes up past you into the light, and you watch his feet kick away toward the causeway, toward Maren's reaching hands.
{ maren_trust >= 2: Later, much later, the bell rings again. It is Maren, grey-haired, with a jar in her hand. "Your turn," she says. "I bargained for thirty years. Come home." | Every spring after, someone rings the drowned bell at noon and stands there a while, and you wave up at him through the green. }
THE END.
-> END

=== end_goodbye ===
# scene: drowned-church
"Go home," Tobin says, before you can decide. "It's not bad down here. Everybody sings." He presses his palm to the underside of the water, and you press yours to the top of it.
The tide rises and takes the church and leaves you standing on the causeway with your boots full of sea.
{ memories_paid > 0: You have lost some things today and you cannot name them, but you still have him, every bit of him, and that feels like the better bargain. | You still have every memory of him. You take them home and you do not sell a single one. }
THE END.
-> END
