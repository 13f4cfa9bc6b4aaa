// The Last Bookshop on Elm Street: thirty days to close a bookshop, and a cat with other plans.
VAR names_called = 0
VAR horace_approval = 0
VAR found_deed = false
VAR pemberton_stays = false
-> opening

=== opening ===
# scene: pembertons-books
# goal: close the shop in thirty days, and find Horace a home
The bell over the door jingles. Boxes everywhere. Mr. Pemberton hands you the keys with shaking hands. "Sell what you can. Find Horace a home." # speaker: mr-pemberton
From the top shelf, Horace stares at you, and pushes a book off the edge. It lands open at a dedication: to the town, from its readers.
Horace is the size of a small ottoman and the colour of marmalade. He regards you with the air of a duke inspecting a new footman.
The stranger may approach. The stranger may not touch the belly. # speaker: horace-the-cat
* [Follow the books Horace knocks down]
  ~ horace_approval++
  -> follow
* [Run the sale as best you can]
  -> sale

=== follow ===
# scene: pembertons-books
By the end of the week Horace has knocked down forty books, always from the same high shelves, always at eleven in the morning, always with a look of enormous self-regard.
Every one is inscribed by someone in town. To Pemberton's, with love from the Harris twins, 1979. For the shop that taught me to read, Dr. Amina Shah. Happy 30th, E and A.
Obviously. One does not knock down books at random. One is not a dog. # speaker: horace-the-cat
* [Call the first name on the list]
  ~ names_called++
  Dr. Amina Shah is a GP now, with a surgery two streets away. She cries on the phone. Then she says she's coming round at lunchtime, and she does.
  -> landlord
* [Ask Mr. Pemberton about the inscriptions]
  He takes the books one by one and tells you about every person who wrote in them: what they bought, what they were afraid of, who they married. He remembers everything. It takes all afternoon.
  "Everyone reads," he says. "Everyone. They just forget to come in." # speaker: mr-pemberton
  -> landlord

=== sale ===
# scene: pembertons-books
You put up CLOSING DOWN signs and slash the prices. The sale goes well, too well. Half the shelves are empty by day ten.
Mr. Pemberton stands in the gaps like a man at a funeral, touching the empty wood.
* [Put some of the books back]
  You move the stock round so the gaps don't show. Pemberton notices, and pretends not to, and brings you a cup of tea with two biscuits instead of one.
  -> landlord
* [Keep selling]
  The till fills. Horace, on the counter, turns his back on you with great deliberation.
  The stranger is efficient. The stranger is dead to me. # speaker: horace-the-cat
  -> landlord

=== landlord ===
# scene: pembertons-books
On day fourteen the landlord, Mr. Crane, comes in with a tape measure and a man from a phone shop chain.
"Thirty days, Pemberton. Not thirty-one." He measures the children's corner for a display of phone cases.
Horace walks across the counter, looks Mr. Crane in the eye, and very slowly knocks his coffee into his lap.
* [Apologise for the cat]
  "Terribly sorry. He's very old," you say. Horace is not very old. Horace is in his prime, and gives you a look that says so.
  -> cellar
* [Don't apologise for the cat]
  ~ horace_approval++
  You hand Mr. Crane a napkin and say nothing at all. Horace purrs for the first time since you arrived.
  The stranger has potential. # speaker: horace-the-cat
  -> cellar

=== cellar ===
# scene: shop-cellar
That night you stay late, pricing. At ten o'clock Horace sits by the cellar door and waits, with the patience of a cat who has been waiting for an idiot to notice something for a fortnight.
The cellar is full of damp boxes. Horace goes straight to one at the back and sits on it.
Inside: a tin cash box. Inside that: a document from 1952, with a hundred signatures. The people of the town bought the building for Pemberton's, one share each, and gave it to the shop in trust. Mr. Crane's grandfather was the trustee.
* [Take the document to Mr. Pemberton first thing]
  ~ found_deed = true
  -> pemberton
* [Ask Horace how long he's known]
  ~ horace_approval++
  Horace closes his eyes slowly. One has known since one was a kitten. One has been knocking down the relevant books for years. Nobody reads the dedications. # speaker: horace-the-cat
  ~ found_deed = true
  -> pemberton

=== pemberton ===
# scene: pembertons-flat
Mr. Pemberton's flat above the shop is small and tidy and has a photograph on every surface of a woman with a loud laugh you can almost hear.
"Edith. We ran it together for forty years. When she died I found I couldn't choose the books without her. Everything I ordered was for her. That's why I'm closing. Not the rent." # speaker: mr-pemberton
{ found_deed: He reads the 1952 document twice with his glasses on and once with them off. "Edith's father signed this. Look. Third from the top." }
* [Tell him the shop needs him, not Edith's choices]
  ~ pemberton_stays = true
  He looks at you for a long time. "You sound like her," he says. "She was very bossy." # speaker: mr-pemberton
  -> reading_night
* [Ask what Edith would have done]
  He laughs, properly. "Oh, she'd have chained herself to the till. And made the cat do the press." # speaker: mr-pemberton
  -> reading_night

=== reading_night ===
# scene: pembertons-books
On day twenty-eight you hold a reading night, because Mr. Pemberton says the shop should have a wake and Edith would have wanted wine.
{ names_called >= 1: Dr. Shah comes, and brings her children, and reads from the book she wrote in when she was nine. }
The shop fills. People you have never seen before come in out of the rain and stand between the shelves, saying, I used to come here, I used to come here every Saturday.
* [Call the rest of the names from the dedications]
  ~ names_called++
  ~ names_called++
  You ring round, all evening, on the shop phone. The Harris twins come, and E and A, who are eighty, and a man who bought his first book here with stolen money and has come to pay for it.
  -> last_day
* [Let Mr. Pemberton recommend a book to everyone who comes]
  He does. He remembers every person, and what they read when they were small, and what they need now. By the end of the night he is hoarse and pink and laughing.
  -> last_day

=== last_day ===
# scene: pembertons-books
Day thirty. Mr. Crane arrives at nine with the keys to change the locks and the man from the phone shop.
Horace is sitting in the middle of the floor, on the 1952 document, facing the door.
The landlord may approach. The landlord may not pass. # speaker: horace-the-cat
* { found_deed and names_called >= 3 } [Ask the town to buy back its shares]
  -> end_cooperative
* { horace_approval >= 3 } [Let Horace choose who runs the shop]
  -> end_horace
* { pemberton_stays } [Ask Mr. Pemberton to stay on, one day a week]
  -> end_pemberton
* [Close the shop with a party]
  -> end_party

=== end_cooperative ===
# scene: elm-street
You read the 1952 document aloud in the doorway. By noon there is a queue down Elm Street of people with chequebooks and jam jars of coins.
The town buys the building back, one share each, two hundred and six of them. Mr. Crane, outmanoeuvred by his own grandfather, shakes your hand and buys a share himself, out of spite or shame.
Pemberton's Books reopens a week later as the town's bookshop. Mr. Pemberton cuts the ribbon. "Everyone reads," he says. "This time, they remembered to come in." # speaker: mr-pemberton
THE END.
-> END

=== end_horace ===
# scene: pembertons-books
Horace gets up from the document, walks across the shop, climbs the ladder to the top shelf, and pushes down one last book. It lands at your feet, open at a blank dedication page.
Mr. Pemberton laughs until he has to sit down. "Well. That's settled, then. He's never once been wrong." # speaker: mr-pemberton
You write in it: to the town, from its new bookseller. You sign a lease that afternoon. Horace sleeps in the window for the next eleven years, and nobody ever touches the belly. THE END.
-> END

=== end_pemberton ===
# scene: pembertons-books
"One day a week," he says. "Wednesdays. Edith always liked Wednesdays. Nobody expects anything of a Wednesday." # speaker: mr-pemberton
You run the shop. He recommends. On Wednesdays the queue goes out of the door, because the town has found out that Mr. Pemberton remembers everyone, and everyone, it turns out, wants to be remembered.
Horace divides his time between you, with scrupulous fairness and a slight preference for whoever has tuna. THE END.
-> END

=== end_party ===
# scene: elm-street
You close Pemberton's with a party that goes on until two in the morning. Every book left is given away, one to every house on Elm Street, each with the shop's stamp inside.
Mr. Pemberton dances with Dr. Shah. Mr. Crane does not come.
At the end you lock the door for the last time and find Horace sitting on your bag.
The stranger may take me home. The stranger will require a larger sofa. # speaker: horace-the-cat
He is right. You buy one. THE END.
-> END
