// The Night-Shift Diner: five strangers, five meals at 2 a.m., and tonight the old man with the pie is missing.
VAR regulars = 0
VAR knows_name = false
VAR dolores_told = false
-> opening

=== opening ===
# scene: starlite-diner
# goal: find the old man who orders pie for two
2 a.m. The bell. The trucker, the nurse, the poet, the cabbie. Four plates up. The fifth stool stays empty, and the pie for two sits under its glass dome.
Dolores, the waitress, looks at the door. "Fifteen years," she says. "He's never once been late." # speaker: dolores-starlite
You are three nights into the job. Cherry pie, two forks, every night at 2:05. Dolores told you that on your first shift, before she told you where the fire extinguisher was.
* [Go looking for him]
  ~ regulars++
  -> search
* [Ask the regulars what they know about him]
  -> ask

=== search ===
# scene: highway-nine
The cabbie drives, the nurse rides along, the poet navigates badly. Dolores stays to mind the grill and makes you promise to ring every fifteen minutes.
"Left here. No. Right. Metaphorically left," says the poet. The cabbie ignores him with the ease of long practice.
* [Check the bus stops on the old route]
  The cabbie knows the old bus routes, the ones they scrapped in the nineties. "Old folks go to where the bus used to stop," he says. "Seen it a hundred times."
  -> bus_stop
* [Check the hospital first]
  The nurse phones her own ward from the back seat. No one like him has come in tonight. She sounds relieved and then, immediately, more worried.
  -> bus_stop

=== ask ===
# scene: starlite-diner
Nobody knows his name. Fifteen years of 2 a.m. pie and none of them ever asked. The poet is ashamed. Dolores is more ashamed.
"I call him hon," she says. "I call everybody hon. I never had to know his name." # speaker: dolores-starlite
* [Go through the old order pads for a name]
  ~ knows_name = true
  In a shoebox under the till, in a pad from 2011, a note in Dolores's writing: cheque, H. Finch, pie, two forks, tip too big as usual.
  "Finch," Dolores says. "Hal Finch. Oh, hon. Hal." # speaker: dolores-starlite
  -> bus_stop
* [Ask what he's like]
  ~ regulars++
  They all talk at once. He tips too much. He does the crossword in pen. He once fixed the trucker's wing mirror with a paper clip. He always saves the second fork. Nobody knows why.
  Then they all go out to look, together, in the cabbie's car.
  -> bus_stop

=== bus_stop ===
# scene: bus-stop
You find the old man at a bus stop two miles away, on a road the buses stopped using twenty years ago. He is confused and cold, in his good coat, holding a photograph of a woman.
"The bus is late," he says politely. "I'm meeting someone at the Starlite. First date. I don't want to be late."
The photograph is black and white. The woman in it is laughing at whoever is holding the camera.
* [Sit down next to him and wait for the bus]
  ~ regulars++
  You sit. The nurse sits. The poet sits. The cabbie leaves the engine running and sits. Five people at a bus stop at three in the morning, waiting for a bus that isn't coming.
  After a while he says, "You're very kind. Have we met?"
  -> back_at_diner
* [Gently tell him what year it is]
  He listens. His face closes and opens again, like a door in wind. "Oh," he says. "Oh, yes. Of course. June's been gone fifteen years. I knew that. I know that."
  -> back_at_diner

=== back_at_diner ===
# scene: starlite-diner
Back at the Starlite, the nurse checks him over in a booth. His sugar's low and his hands are like ice, but his pulse is steady. "He'll be all right," she says. "He just needs feeding and someone to notice."
Dolores has already taken the pie out from under the dome. Her hands are not quite steady. "Hal," she says. "Hal, hon. You gave us a fright." # speaker: dolores-starlite
* [Cook him his usual]
  You warm the pie and put two forks on the plate, like always. He picks up one and sets the other beside him, carefully, in its place.
  -> june
* [Cook him something new: a proper breakfast]
  ~ regulars++
  You make him eggs, bacon, toast, beans, the works. He stares at it. "June used to say I'd die of pie." He eats every bite.
  -> june

=== june ===
# scene: starlite-diner
He tells it to all of you, there in the booth, with the rain starting outside.
"June. We met here in 1979. I was stood up by someone else, and she was a waitress, and she sat down with me and ate half my pie. Every night after, we'd share one. Two forks."
"When she died I kept coming. Two forks. It's silly. The second one's for her. I didn't want her to come in one night and find I'd stopped."
Nobody says anything for a long time. The trucker blows his nose like a foghorn.
* [Pick up the second fork and ask if you may]
  He looks at you, then laughs, a real laugh, startled. "She'd like you. She liked people who asked."
  ~ regulars++
  -> dolores
* [Ask Dolores if she knew June]
  Dolores's face does something complicated. "I trained under her," she says. "She taught me to call everyone hon. I forgot. How did I forget?" # speaker: dolores-starlite
  ~ knows_name = true
  -> dolores

=== dolores ===
# scene: diner-kitchen
In the kitchen, scraping plates at five, Dolores finally says what has been sitting on her all night.
"They're selling the Starlite. End of the month. Developer wants the lot for a drive-through. I haven't told anybody. Not one of them." # speaker: dolores-starlite
"Fifteen years of Hal. Twenty of the trucker. I don't know where any of them will go at two in the morning. I don't know where I'll go." # speaker: dolores-starlite
* [Tell her she should tell them]
  ~ dolores_told = true
  She looks out through the hatch at the four regulars and the old man, all squeezed into one booth now, arguing about the crossword. "Yeah," she says. "Yeah. I should." # speaker: dolores-starlite
  -> dawn
* [Ask her what she'd do if she could]
  "Buy it," she says instantly, then laughs at herself. "With what, hon? Tips?" # speaker: dolores-starlite
  -> dawn

=== dawn ===
# scene: starlite-dawn
Six a.m. The sky over Highway 9 goes pink and then grey. The regulars should have left an hour ago. None of them have.
{ dolores_told: Dolores has told them. They are sitting with it, five stools and a booth, the way people sit with bad news in a hospital corridor. }
Hal is asleep in the booth with his head on his coat and the photograph of June propped against the sugar.
* { regulars >= 4 } [Ask everyone to come back on Sunday, for dinner, all of them]
  -> end_sunday
* { knows_name } [Find Hal's family, with the name on the old order pad]
  -> end_family
* { dolores_told } [Help Dolores save the Starlite]
  -> end_starlite
* [Drive Hal home and keep his pie for tomorrow]
  -> end_pie

=== end_sunday ===
# scene: starlite-diner
On Sunday the Starlite closes to the public for the first time in thirty years, and opens for seven: the trucker, the nurse, the poet, the cabbie, Hal, Dolores, and you, cooking.
It is not 2 a.m. It is one in the afternoon. Everyone looks strange in daylight. Everyone stays till dark.
"Same time next week, hons," Dolores says at the door. Everyone says yes before she has finished the sentence. # speaker: dolores-starlite
They learn each other's names. Every single one. THE END.
-> END

=== end_family ===
# scene: starlite-diner
Finch is not a common name. The cabbie knows a Finch who runs a garage in the next town. It is Hal's nephew, who hasn't seen him in ten years and had no idea he was alone.
The nephew comes in at 2 a.m. the next night, awkward, in his work overalls, and sits on the fifth stool beside his uncle.
Dolores puts down one pie and three forks. "June's, Hal's, and yours, hon," she says. "House rules." # speaker: dolores-starlite
THE END.
-> END

=== end_starlite ===
# scene: starlite-diner
The trucker knows a lawyer. The poet writes a petition that is, unexpectedly, very good. The nurse gets her whole ward to sign. The cabbie drives the developer round in circles for an hour and charges him for it.
Hal puts in his savings, all of it, without being asked. "June would have," he says.
The Starlite is bought by its regulars and its waitress, one share each, and Dolores becomes the owner at sixty-three and immediately gives herself a raise.
"I'll still call you all hon," she says. "Owners can do what they like." # speaker: dolores-starlite
THE END.
-> END

=== end_pie ===
# scene: highway-nine
You drive Hal home as the sun comes up. He lives in a tidy bungalow with a rose bush by the door that someone used to look after.
At the door he turns and shakes your hand. "Same time tonight?" he says. "Don't let Dolores give my pie away."
That night at 2:05 the bell goes, and Hal walks in, and takes his stool, and the pie for two comes out from under the dome.
Dolores puts down two forks, and then a third, for you, on your break. "Sit, hon," she says. "Nobody cooks well hungry." # speaker: dolores-starlite
THE END.
-> END
