// Midnight in Kyoto: a missed last train, a stranger with a red umbrella, and seven hours till dawn.
VAR closeness = 0
VAR heard_obaachan = false
VAR reached_top = false
VAR has_poem = false
-> opening

=== opening ===
# scene: kyoto-station
# goal: get through the night until the first train
The station shutters roll down. You and the woman with the red umbrella are the only ones left on the platform.
"Well," Aiko says, in perfect English. "I know a shrine that is open all night, and a ramen shop that should be." # speaker: aiko-tanaka
She is going home to Kanazawa for her grandmother's funeral. You are going nowhere in particular, which is why you came. The first train is at 5:47.
* [Follow her to the shrine]
  -> shrine
* [Find the ramen shop]
  -> ramen

=== shrine ===
# scene: fushimi-inari
Ten thousand red gates glow under lanterns, climbing the mountain in a tunnel of vermilion. The only sounds are your footsteps and a cat who follows you for a while, then reconsiders.
Halfway up she stops. "My grandmother climbed this every New Year. Eighty-one times. I have never gone to the top without her." # speaker: aiko-tanaka
* [Climb to the top with her]
  ~ reached_top = true
  ~ closeness++
  At the summit, the city is a field of lights. Aiko says a prayer for her grandmother, and then, unexpectedly, laughs.
  "She would say: about time. She always said I was slow." # speaker: aiko-tanaka
  -> rain
* [Wait for her at the halfway shrine]
  She goes alone, and comes back forty minutes later lighter, with a small paper fortune folded into her sleeve. She does not say what it says.
  -> rain

=== ramen ===
# scene: ramen-shop
The ramen shop is open, barely, run by an old man who recognises Aiko from when she was six. He feeds you both and tells embarrassing stories until she is crying with laughter.
Apparently at six she bit a tourist. Apparently the tourist deserved it.
* [Ask about her grandmother]
  ~ heard_obaachan = true
  The old man goes quiet and lets her answer. "Obaachan ran a tobacco shop for fifty years and never smoked. She cheated at cards. She taught me English from American detective novels." # speaker: aiko-tanaka
  "This is why I say things like: the dame had trouble written all over her." # speaker: aiko-tanaka
  -> rain
* [Tell her why you came to Kyoto]
  ~ closeness++
  You tell her: a job that ended, a flat you could not stay in, a plan that was not a plan. She listens the way translators listen, for what you mean rather than what you say.
  "Kyoto is good for this. It has been starting over for a thousand years." # speaker: aiko-tanaka
  -> rain

=== rain ===
# scene: gion-lanes
When you come out, it is raining. The lanes of Gion shine like lacquer. Aiko opens the red umbrella. It is very small.
* [Share the umbrella]
  ~ closeness++
  You walk pressed shoulder to shoulder, both of you half wet, neither of you suggesting a second umbrella.
  -> river
* [Buy an umbrella from a vending machine]
  You buy a clear plastic umbrella from a vending machine that also sells hot corn soup and neckties. Aiko is delighted by this in a way that makes you like her very much.
  "Only in Japan," she says. "And also, possibly, only in this street." # speaker: aiko-tanaka
  -> river

=== river ===
# scene: kamo-river
The rain stops at two. The Kamo river runs black and quick between its banks, and a line of stepping stones shaped like turtles crosses it.
Aiko hops onto the first turtle. "Children cross on these. Adults also, when nobody is looking. Nobody is looking." # speaker: aiko-tanaka
* [Cross the turtles with her]
  ~ closeness++
  Halfway across you slip, and she grabs your sleeve, and for a second you are both laughing over black water, holding on.
  -> konbini
* [Watch her cross from the bank]
  She crosses all of them without stopping, arms out like a tightrope walker, and bows to you from the far bank.
  -> konbini

=== konbini ===
# scene: konbini
At three in the morning, a convenience store, bright as an operating theatre. You buy egg sandwiches and hot tea in cans and sit on the kerb outside.
Aiko tells you she is translating a poem, a very old one, and cannot get the last line right.
* [Ask her to read it to you]
  ~ has_poem = true
  She reads it first in Japanese and then in English, slowly. The moon is the same moon. Only the one who looks at it has changed. The last line will not come.
  "It is about grief. Or about travel. In Japanese it is about both. In English I have to choose." # speaker: aiko-tanaka
  -> bridge
* [Tell her a poem you know]
  You recite the only poem you know by heart, badly. She listens very seriously, and then asks you to say one line again, and writes it on her hand.
  ~ closeness++
  -> bridge

=== bridge ===
# scene: sanjo-bridge
At four you stand on the Sanjo bridge and the sky starts, very faintly, to go grey at the edges.
"I am afraid of the funeral," Aiko says, to the river, not to you. "Not of sadness. Of my aunts. They will say I should have come home more. They will be right." # speaker: aiko-tanaka
* [Offer to come with her]
  ~ closeness++
  She looks at you for a long moment. "You would go to a stranger's grandmother's funeral in Kanazawa?" # speaker: aiko-tanaka
  "I didn't have anywhere to be."
  "That is the most romantic and the most stupid thing anyone has said to me." # speaker: aiko-tanaka
  -> dawn
* [Tell her she came home now, and that counts]
  She breathes out, slow. "Yes. Now counts." # speaker: aiko-tanaka
  -> dawn

=== dawn ===
# scene: nishiki-market
Dawn in Nishiki market: shutters half up, steam from a pickle shop, an old woman sweeping the same square metre she has swept for sixty years.
{ has_poem: Aiko stops walking. "The last line. I have it. Only the one who looks at it has company now." She laughs. "Not faithful. But true." }
{ reached_top: Your legs ache from the mountain. Hers do too. You compare aches like medals. }
* [Buy her a pickle as a parting gift]
  She accepts a single pickled turnip with tremendous ceremony. "I will treasure this until approximately nine o'clock." # speaker: aiko-tanaka
  -> platform
* [Walk to the station slowly]
  ~ closeness++
  You take the longest possible way. She doesn't correct you.
  -> platform

=== platform ===
# scene: kyoto-station
5:40. The shutters roll up. The platform fills with commuters who have no idea what kind of night it has been.
The first train to Kanazawa slides in, sleek and quiet. Aiko stands at the yellow line with the red umbrella furled in her hand.
* { closeness >= 5 } [Miss the first train on purpose]
  -> end_stay
* { heard_obaachan } [Ask if you can meet her family]
  -> end_family
* { reached_top } [Promise to climb the mountain again next year]
  -> end_next_year
* [Say goodbye on the platform]
  -> end_letter

=== end_stay ===
# scene: kyoto-station
The doors open. Neither of you moves. The doors close. The train leaves.
"Oh no," Aiko says, not sounding sorry at all. "There is another at 6:14." # speaker: aiko-tanaka
You miss the second one too. You get on the third together, and you go to the funeral, and her aunts are exactly as bad as she said, and you hold her hand under the table through all of it. THE END.
-> END

=== end_family ===
# scene: kanazawa
"Would you like to meet my family?" she says, before you can ask. "They will interrogate you. Obaachan would have liked that. She liked detectives." # speaker: aiko-tanaka
You ride to Kanazawa in the seat beside her, and her aunts do interrogate you, and you answer in the style of an American detective novel, which makes the whole family, for the first time in a week, laugh.
Aiko walks you back to the station that evening. "Trouble written all over you," she says, and kisses your cheek. THE END.
-> END

=== end_next_year ===
# scene: fushimi-inari
You exchange addresses on the platform, written on each other's hands because neither of you has paper.
"Next New Year. The top. Not halfway." # speaker: aiko-tanaka
A year later, at midnight, you are standing under the first red gate, and she comes up the path with the red umbrella and two cans of hot tea, and you climb it again, together, all the way. THE END.
-> END

=== end_letter ===
# scene: kyoto-station
You say goodbye. She bows, and then, unexpectedly, hugs you, hard, umbrella and all.
On the train she falls asleep against the window before it leaves the station. You watch it go.
Her letter arrives a month later, in beautiful, careful English. The moon is the same moon, it says at the end. Only the one who looks at it has company now. THE END.
-> END
