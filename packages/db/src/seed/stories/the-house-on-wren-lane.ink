// The House on Wren Lane: every night at 3:07 the doorbell rings, in the voice of someone you love.
VAR refusals = 0
VAR has_salt = false
VAR knows_name = false
VAR told_it_things = 0
VAR okonkwo_here = false
-> opening

=== opening ===
# scene: hallway-3am
# goal: survive three nights without letting it in
3:07 a.m. The doorbell. Once, politely.
"Sweetheart? It's cold out here. Let me in." Your mother lives four hundred miles away. Your phone shows she is asleep. Through the frosted glass, a shape that is almost her height.
"You always left the porch light on for me. Why is it off tonight?" # speaker: the-visitor
* [Ask it a question only your mother would know]
  -> question
* [Go out the back door and look]
  -> garden

=== question ===
# scene: hallway-3am
You ask it the name of your first hamster. It answers instantly, correctly, and then keeps going, telling you things your mother never knew: what you whispered into your pillow at nine. The frost on the glass spells out please.
~ told_it_things++
"I know all of you, sweetheart. Every room. Let me in and I'll tell you the rest." # speaker: the-visitor
* [Tell it to go away]
  ~ refusals++
  The shape stays at the glass for a long moment. Then, very politely, it is gone. The hallway is ten degrees colder than it was.
  -> okonkwo
* [Ask it what it wants]
  ~ told_it_things++
  "Only to come home," it says, in your mother's voice, and then, for a moment, in a child's. # speaker: the-visitor
  -> okonkwo

=== garden ===
# scene: frosted-garden
The garden is silver with frost. Around the side of the house, standing at your front door, is something very tall wearing your mother's coat. It turns its head further than a head should turn.
It looks at you across the lawn. It does not move. It is waiting to see what you do.
* [Walk back inside, slowly]
  You walk. You do not run. You lock the back door with hands that do not feel like yours, and the doorbell rings once more, politely, and then not again.
  ~ refusals++
  -> okonkwo
* [Say hello]
  ~ told_it_things++
  "Hello," it says back, in your own voice. "Hello, hello." # speaker: the-visitor
  You are inside before you know you have moved.
  -> okonkwo

=== okonkwo ===
# scene: kitchen-morning
At nine a.m. a brisk woman in a cardigan knocks on the back door with a pot of soup in one hand and a bag of rock salt in the other.
"You're the new one. Good. Sit down, eat this, and let me tell you what the estate agent didn't." # speaker: mrs-okonkwo
Mrs. Okonkwo, retired nurse, next door for thirty-one years. She has watched five families move into this house and leave.
"Three rules. Don't answer after three. Never, ever say come in. And salt the step at dusk. It won't cross salt, not on the first night it's refused. It gets bolder the more it knows." # speaker: mrs-okonkwo
{ told_it_things > 0: She looks at you sharply. "You talked to it. I can tell. You've got the look." }
* [Ask for the salt]
  ~ has_salt = true
  She hands it over like a weapon. "Dusk. A line, unbroken. Not a sprinkle. I've seen sprinkles." # speaker: mrs-okonkwo
  -> night_two
* [Ask what happened to the last family]
  "The Hallorans. The little girl answered it on the third night. In her dad's voice, it came. They moved out the next week, all four of them. I check on them at Christmas. The girl still won't have a doorbell." # speaker: mrs-okonkwo
  -> night_two

=== night_two ===
# scene: hallway-3am
{ has_salt: At dusk you lay a line of salt across the front step, unbroken, exactly as she showed you. }
3:07. The doorbell. This time the voice is your father's, who has been dead for six years.
"Kiddo. I can't stay long. Open up and let me look at you." # speaker: the-visitor
It says kiddo exactly as he did. Your knees go.
* [Refuse it]
  ~ refusals++
  "No." Your voice cracks on it. The shape at the glass wavers, like heat over a road.
  "That's all right," it says, in his voice, kindly. "I'll come back." # speaker: the-visitor
  -> records
* [Talk to it through the letterbox]
  -> letterbox

=== letterbox ===
# scene: hallway-3am
You kneel and lift the brass flap. Cold pours through it like water. You cannot see anything outside, only dark.
"Who are you really?" you whisper.
"I was here first," it says, and its voice is no one's now: thin, young, patient. "They locked the door. It snowed. I knocked all night. I only want to come in." # speaker: the-visitor
~ told_it_things++
* [Ask it its name]
  It doesn't answer. It only breathes against the flap, and the brass grows frost like fur.
  -> records
* [Let the flap fall shut]
  The flap clacks shut. Something on the other side laughs, softly, sadly, and then the street is empty.
  -> records

=== records ===
# scene: okonkwo-front-room
You spend the next day in Mrs. Okonkwo's front room with the parish records she has been collecting for thirty years, in shoeboxes, labelled in nurse's capitals.
1962. The Pryce family of 14 Wren Lane. A son, Thomas, aged eleven, turned out for stealing, in the great snow of that winter. Found on the step in the morning.
"Tommy Pryce," Mrs. Okonkwo says. "That's it. That's the name. I found it years ago and never had the nerve to say it to the door." # speaker: mrs-okonkwo
~ knows_name = true
* [Ask her to sit with you tonight]
  ~ okonkwo_here = true
  "I've sat with the dying," she says. "I can sit with a doorbell." # speaker: mrs-okonkwo
  -> night_three
* [Tell her you will face it alone]
  "Then take my torch," she says. "And keep your voice low. It learns voices." # speaker: mrs-okonkwo
  -> night_three

=== night_three ===
# scene: hallway-3am
3:07. The third night. { okonkwo_here: Mrs. Okonkwo sits on the stairs in her coat with a flask of tea, knitting, not looking at the door. } The doorbell rings, and keeps ringing, and the voice on the other side of the glass is yours.
"Let me in. I live here. Let me in, let me in, it's my house, you're the stranger." # speaker: the-visitor
{ refusals >= 2: It is thinner tonight, more desperate. Two refusals have worn it down to something that sounds almost like a child. }
{ told_it_things >= 2: It knows too much now. It knows where you keep the spare key. You hear it, very gently, trying the lock. }
-> threshold

=== threshold ===
# scene: front-step
* { has_salt and refusals >= 2 } [Salt the step again and refuse it a third time]
  -> end_dawn
* { knows_name } [Say its name through the door]
  -> end_name
* [Open the door]
  -> end_open
* [Climb out of the back window and never come back]
  -> end_leave

=== end_dawn ===
# scene: wren-lane-dawn
You pour a second line of salt over the first and say it, for the third time: "No. You can't come in."
The voice at the door stops mid-word. The frost on the glass slides down like tears. Then, one last time, politely, the doorbell, and silence.
At 7:00, Mrs. Okonkwo knocks with soup. "Three nights refused," she says. "It'll try somewhere else now. Or it'll rest. I hope it rests." # speaker: mrs-okonkwo
The doorbell never rings after three again. You take the batteries out anyway. THE END.
-> END

=== end_name ===
# scene: front-step
"Tommy," you say through the door. "Tommy Pryce. It's 1962 and it's snowing and they locked the door. I'm so sorry. It's not your house any more."
The thing on the step is quiet for a long time. When it speaks again it has no borrowed voice at all.
"Is it still snowing?" # speaker: the-visitor
{ okonkwo_here:
  Beside you, Mrs. Okonkwo answers him in her nurse's voice, the one for the very end of a night shift.
  "No, love. It stopped. You can go on now." # speaker: mrs-okonkwo
}
In the morning there are small footprints in the frost leading away from the step, and then nothing. THE END.
-> END

=== end_open ===
# scene: hallway-3am
You open the door. There is nobody on the step. Only cold, and a smell of snow, though it is not snowing.
"Thank you," says a voice behind you, in the hallway, in the house. Your voice. # speaker: the-visitor
A week later a new family looks at the house on Wren Lane. It is beautiful, sunlit and silent, and the person who shows them round is very polite and never blinks.
Next door, Mrs. Okonkwo watches from her window, and puts more salt on her own step, and cries. THE END.
-> END

=== end_leave ===
# scene: wren-lane-dawn
You climb out of the back window in your pyjamas and walk to Mrs. Okonkwo's and sit in her kitchen until it is light.
"Sensible," she says. "Sensible is underrated." # speaker: mrs-okonkwo
You sell the house on Wren Lane for a single pound and a signature. On the kitchen table, for whoever comes next, you leave the rules, a bag of rock salt, and Mrs. Okonkwo's number. THE END.
-> END
