// Letters to the Lighthouse: a Cornish lighthouse, fifty years of love letters, and the grandson who delivers them.
VAR closeness = 0
VAR found_replies = false
VAR met_walter = false
VAR lamp_lit = false
-> opening

=== opening ===
# scene: lighthouse-kitchen
# goal: find out who the letters were for
The trunk creaks open on a drift of envelopes, all the same careful handwriting, all addressed to The Keeper.
A knock on the lighthouse door. A man in a salt-stiff jumper, holding a letter. "Sorry. Habit. My grandad made me promise to keep delivering them." # speaker: callum-penrose
He looks past you at the ceiling, where a brown stain is spreading like a map of somewhere. "You must be the new Keeper. I'd say welcome, but the roof's going to say it louder." # speaker: callum-penrose
* [Invite him in and read the letters together]
  ~ closeness++
  -> reading
* [Tell him to keep the letters]
  -> keep

=== reading ===
# scene: lighthouse-kitchen
You make tea in your great-aunt's chipped pot and read them at the kitchen table, in order, starting in 1974.
The letters are funny, then tender, then heartbreaking. A fisherman called Walter writing every week about mackerel prices and weather and a dog called Biscuit, and, once a year, on the same date: I'm still here, if you change your mind.
Your great-aunt never wrote back. But in the margins of every letter, in her hand, there is a reply she never sent.
~ found_replies = true
* [Read one of her replies aloud]
  ~ closeness++
  "Dear Walter. Biscuit is a stupid name for a dog and I love it. I cannot marry you because I cannot leave the light, and you cannot leave the sea. Write again next week. I'll be here."
  Callum has stopped pretending to drink his tea. "She wrote back," he says. "All this time, she wrote back." # speaker: callum-penrose
  -> roof
* [Ask him about his grandfather]
  "Walter Penrose. Eighty-one. Still goes out on calm days, against medical advice and mine." He smiles. "He'd never say so, but he's been waiting fifty years for one of these to come back." # speaker: callum-penrose
  -> roof

=== keep ===
# scene: lighthouse-door
Callum takes the trunk without a word and carries it down the cliff path on one shoulder. You feel oddly robbed.
The next day he is back, roof tiles stacked in his arms. "Gran would haunt me if I let a Keeper sleep under a leak." # speaker: callum-penrose
-> roof

=== roof ===
# scene: lighthouse-roof
The roof is worse than it looks, which is saying something. There is a seagull's nest in the gutter and a hole you can put your arm through.
* [Let him fix it]
  ~ closeness++
  He works all afternoon, whistling badly, and you hand tiles up the ladder and pretend not to watch his arms.
  "You can watch. It's fine. It's the only reason I took my jumper off." # speaker: callum-penrose
  -> storm
* [Fix it yourself, stubbornly]
  You fall off the ladder exactly once, and he catches you exactly once. Neither of you mentions how long he held on.
  "For the record, I'd have let you fall if it was lower." # speaker: callum-penrose
  -> storm

=== storm ===
# scene: lamp-room
That night a storm comes in off the Atlantic like a train. The lighthouse has been automatic for twenty years, but the automatic light has gone dark.
Your phone rings. Callum, breathless. "Grandad's boat's still out. He went for pots at four and the radio's dead. Is your light on?" # speaker: callum-penrose
* [Climb the tower and light the old lamp by hand]
  ~ lamp_lit = true
  The old lamp takes matches, paraffin, swearing and twenty minutes. Then it blazes, and swings, and lays a white road across the black water.
  -> harbour
* [Run down to the harbour to help]
  You run down the cliff path in the rain with a torch. At the harbour wall, a dozen people are already shining their car headlights out to sea.
  -> harbour

=== harbour ===
# scene: harbour
At two in the morning a small blue boat comes round the point, riding the swell like a cork. The man in it is eighty-one and soaked and furious to be fussed over.
This is Walter. He looks at you for a long moment in the headlights. "You've got her chin," he says. "God help you."
~ met_walter = true
{ lamp_lit: "Someone lit the old lamp," he says to nobody in particular. "Haven't seen it lit since she did it." }
Callum wraps his grandfather in a blanket and looks at you over the old man's head in a way that goes straight through your wet coat.
* [Offer to walk them home]
  ~ closeness++
  -> last_letter
* [Go back up to the light]
  You climb back up the cliff path alone, and the lamp is still burning, and you sit with it until the sky goes grey.
  -> last_letter

=== last_letter ===
# scene: lighthouse-kitchen
In the morning, one more envelope under the door. The same careful hand, shakier now. Dated last month, before Walter knew anyone had moved in.
Dear Keeper. I know you're gone. I write anyway. Callum says I'm a daft old man. He's right. He's also lonely, and won't say so, so I'm telling you, in case you're listening wherever you are. Find him someone who'll argue with him.
* [Laugh]
  You laugh until you have to sit down on the stairs.
  -> lamp_room
* [Put it with the others]
  You put it in the trunk with fifty years of others, on top, where it belongs.
  -> lamp_room

=== lamp_room ===
# scene: lamp-room
Callum comes up at sunset with two bottles of beer and the excuse of checking the lamp. You sit on the gallery with your legs through the railings and the whole of Cornwall going gold below.
"Best view in Cornwall," he says. "Don't tell the tourist board. They'll put a café in." # speaker: callum-penrose
"Grandad says you have her chin. I say you have her stubbornness. We argued about it for an hour. It was nice." # speaker: callum-penrose
* [Tell him about the last letter]
  ~ closeness++
  He goes red to the ears. "He did not. Oh, he did. I'm going to kill him. After I thank him." # speaker: callum-penrose
  -> decision
* [Ask him why he kept delivering them]
  "A promise is a promise. And I liked the walk. And lately," he studies his beer, "lately I liked who answered the door." # speaker: callum-penrose
  -> decision

=== decision ===
# scene: lamp-room
The light comes on above you, automatic again, as if nothing ever happened. The beam swings out over the sea and back, over and back, like somebody waving.
* { found_replies and met_walter } [Deliver her replies to Walter]
  -> end_replies
* { closeness >= 4 } [Kiss him]
  -> end_kiss
* [Write a letter of your own]
  -> end_letter
* [Tell him you're selling the lighthouse]
  -> end_sold

=== end_replies ===
# scene: walters-cottage
You carry the trunk down to Walter's cottage and put her replies in his hands, fifty years of them, in order.
The old fisherman reads fifty years of answers in one afternoon and cries like a boy. Then he laughs, at Biscuit, at the stupid name, at her.
"She was here," he keeps saying. "She was here the whole time."
That evening Callum walks you home along the cliff and does not let go of your hand, and neither of you pretends it's for the path. THE END.
-> END

=== end_kiss ===
# scene: lamp-room
You kiss him on the gallery with the light going round above you. He tastes of beer and salt and tastes, mostly, surprised.
"Right," he says, when he can. "Right. Good. I'll tell Grandad he was right, then. He'll be unbearable." # speaker: callum-penrose
{ lamp_lit: Every year after, on the night of the storm, you light the old lamp by hand, together, for no reason at all. }
By the end of summer his jumper lives on the back of your kitchen chair, and the roof doesn't leak. THE END.
-> END

=== end_letter ===
# scene: harbour
You write one letter, in your great-aunt's chipped-pot kitchen, to The Fisherman's Grandson, and you leave it on his boat.
The next morning there is a reply pinned to the lighthouse door. It is about mackerel prices and weather, and on the last line it says: I'm still here, if you change your mind.
The weekly letters begin again. This time, somebody writes back. THE END.
-> END

=== end_sold ===
# scene: lighthouse-door
You sell the lighthouse to a couple from London who want to put a café in.
Callum helps you carry the trunk to your car and doesn't argue, which is how you know he minds.
"Send me your address," he says. "I'll keep delivering them. Habit." # speaker: callum-penrose
Six weeks later, in a flat in the city, a letter arrives addressed to The Keeper. And the week after that. And you find you are waiting for Thursdays like a child waits for Christmas. THE END.
-> END
