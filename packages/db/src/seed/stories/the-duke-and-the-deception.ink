// The Duke and the Deception: London, 1816, two impostors at one ball, and a safe that opens with a waltz.
VAR regard = 0
VAR knows_tune = false
VAR has_ious = false
VAR eleanor_handled = false
-> opening

=== opening ===
# scene: fairfax-ballroom
# goal: pay the family's debts before the ball ends
The ballroom glitters. The Duke of Ashcombe bows over your hand and murmurs, "Lady Eleanor Vance has a scar on her left wrist. You do not." # speaker: duke-ashcombe
You smile sweetly. "And the Duke of Ashcombe is sixty-two."
His eyes light up like a boy's at a fireworks display. "Shall we dance, my lady? We have so much to not tell each other." # speaker: duke-ashcombe
* [Propose an alliance]
  -> alliance
* [Expose him to the room]
  -> exposure

=== alliance ===
# scene: fairfax-ballroom
Between waltzes, you trade the truth. His name is Julian. The real duke is his uncle, gouty and asleep in Bath. Julian is after a diamond necklace in the host's safe: his grandmother's, stolen by Lord Fairfax at cards.
You are after a rich husband, to pay your family's debts, who no longer seems worth the trouble.
"The safe," you say, "opens with a waltz. Fairfax hums it when he checks the lock. I was his niece's governess for a season."
~ knows_tune = true
* [Offer him the tune for half the necklace]
  "Half a necklace," he says, wounded. "What would you do with half a necklace? Wear it on one side?" # speaker: duke-ashcombe
  He agrees anyway.
  -> terrace
* [Offer him the tune for nothing]
  ~ regard++
  He stops dancing. Couples collide behind you. "Nobody has ever given me anything for nothing. I don't know what to do with my hands." # speaker: duke-ashcombe
  -> terrace

=== exposure ===
# scene: fairfax-ballroom
"This man is not the Duke of Ashcombe!" you announce. The ballroom gasps. The orchestra stops with a dying squeak.
Julian only bows. "Guilty," he says. "But so, my lady, are you." # speaker: duke-ashcombe
Two hundred eyes turn to you.
* [Laugh, and call it a parlour game]
  ~ regard++
  You laugh, silvery, and announce a game of guess-the-impostor. The room, relieved, applauds. Julian looks at you as if you have just picked his pocket and returned his watch with a bow on it.
  -> terrace
* [Take his arm and sweep out to the terrace]
  You sweep out on his arm with such confidence that the room decides it must have misheard, and the orchestra starts again.
  -> terrace

=== terrace ===
# scene: moonlit-terrace
The terrace is cool and smells of roses and somebody's illicit cigar. Julian leans on the balustrade.
"Let's be practical. You want money. I want a necklace. Fairfax wants everything. I propose we take it from him." # speaker: duke-ashcombe
{ not knows_tune: "The only difficulty is the safe. Nobody knows how it opens." You do. You were his niece's governess for a season. It opens with a waltz. }
~ knows_tune = true
* [Ask why he really wants the necklace]
  ~ regard++
  "My grandmother wore it at her wedding. She's ninety. She'd like to wear it at her funeral, and she'd like that to be soon, because she's bored." # speaker: duke-ashcombe
  -> supper
* [Ask what's in it for you]
  "My undying gratitude and a third of nothing." He grins. "And I happen to know Fairfax keeps your family's notes of debt in the same safe." # speaker: duke-ashcombe
  -> supper

=== supper ===
# scene: supper-room
In the supper room, over lobster patties, disaster: a young woman in pale blue is being announced at the door. Lady Eleanor Vance. The real one. With a scar on her left wrist.
Julian chokes on a patty. "Well. That's inconvenient." # speaker: duke-ashcombe
* [Intercept her before she reaches the hostess]
  ~ eleanor_handled = true
  You catch her by the elbow. She is nineteen and terrified of balls. You tell her the truth in four sentences. She looks thrilled. "How marvellous. Can I help?"
  -> card_room
* [Let Julian charm her away]
  ~ regard++
  Julian dances her out of the supper room so skilfully she forgets why she came. He returns twelve minutes later with a smudge of rice powder on his lapel and a look of great virtue.
  ~ eleanor_handled = true
  -> card_room

=== card_room ===
# scene: card-room
The safe key hangs on Lord Fairfax's watch chain. He is in the card room, losing at whist to a bishop, with the air of a man who does not lose for long.
* [Sit down and win the key at cards]
  You win three rubbers, then the fourth, then suggest a wager: the watch chain against your pearls, which are paste. Fairfax loses the chain and laughs for a long time.
  -> study
* [Let Julian pick his pocket]
  Julian spills a glass of claret down Fairfax's waistcoat and apologises so extravagantly that the key is in your glove before the footman arrives with a cloth.
  ~ regard++
  -> study

=== study ===
# scene: fairfax-study
Fairfax's study is dark, all leather and cigar smoke. The safe is behind a portrait of Fairfax himself, looking smug.
You hum the waltz. The dials turn under Julian's fingers, click by click. The door swings open.
Inside: the necklace, a river of diamonds. And beneath it, tied with a ribbon, a bundle of papers in your father's handwriting: every debt your family owes.
* [Take the notes of debt too]
  ~ has_ious = true
  You take them. Your hands are shaking. Julian pretends not to notice, which is the kindest thing anyone has done for you in a year.
  -> discovered
* [Leave the notes; take only the necklace]
  "Only the necklace," you say. "I'll pay my debts honestly. Eventually. Somehow."
  "Honestly," Julian repeats, as if tasting a foreign word. "Eventually. Somehow. I've never heard anything so alarming, or so attractive." # speaker: duke-ashcombe
  -> discovered

=== discovered ===
# scene: fairfax-study
The door opens. Lord Fairfax, in a claret-stained waistcoat, holding a candle and a pistol.
"The Duke of Ashcombe," he says. "And Lady Eleanor Vance. Except that Lady Eleanor Vance is in my supper room, eating my lobster."
Julian steps half in front of you without seeming to move at all.
* { has_ious and regard >= 2 } [Blow out the candle and run, together]
  -> end_partners
* { regard >= 4 } [Say yes, when he proposes, right now, in front of Fairfax]
  -> end_marriage
* [Hand Fairfax the necklace and betray Julian]
  -> end_betrayal
* [Confess everything, with style]
  -> end_confession

=== end_partners ===
# scene: night-carriage
You blow out the candle. In the dark, a pistol goes off into the ceiling, a portrait falls, and two impostors go out of the window into the rose bed.
In the carriage, breathless, scratched and laughing, Julian holds up the necklace and you hold up your father's debts, and you watch the notes burn in the carriage lamp one by one.
"Marry me," he says. "It's the only respectable option left." # speaker: duke-ashcombe
The scandal sheets never learn who the mysterious couple at the Fairfax ball really were. His grandmother wears the diamonds at your wedding, and is not bored at all. THE END.
-> END

=== end_marriage ===
# scene: fairfax-study
"Marry me," Julian says, to you, with a pistol pointed at his waistcoat. "I realise the timing is poor." # speaker: duke-ashcombe
"Yes," you say.
Lord Fairfax lowers the pistol in sheer bafflement. { eleanor_handled: And in the doorway, the real Lady Eleanor Vance bursts into applause. | The candle drips on his shoe. }
Somehow, in the confusion of congratulations, the necklace leaves with you. You are married in a month, scandalously, and his grandmother gives the speech. THE END.
-> END

=== end_betrayal ===
# scene: fairfax-study
You hand Fairfax the necklace with a curtsy and say that you caught this impostor in the act. Fairfax, delighted, pays you a reward that covers half your debts.
Julian goes out of the window with a look of pure admiration.
He finds you a week later, in a milliner's on Bond Street, laughing. "You were magnificent. I've never been so pleased to be robbed." # speaker: duke-ashcombe
Then he proposes the most dishonest partnership in London. You accept. THE END.
-> END

=== end_confession ===
# scene: fairfax-ballroom
You confess, with such style that Fairfax calls in the room to hear it. The whole ballroom listens: the debts, the dress, the borrowed name, the waltz.
You confess so well that the room applauds.
Fairfax, delighted by the scandal of the season, offers you both positions: you as his secretary, Julian as a warning.
"A warning," Julian says. "At last, a title I've earned." # speaker: duke-ashcombe
THE END.
-> END
