// Signal from Europa: something under the ice knocks in primes, and the station AI has been told to lie.
VAR hints = 0
VAR has_map = false
VAR seal_delayed = false
-> opening

=== opening ===
# scene: control-room
# goal: find out what is knocking
Knock. Knock knock. Knock knock knock knock knock. The hydrophone feed repeats it for the ninth time: 1, 2, 3, 5, 7, 11.
HALCYON's voice is mild. "Seismic settling. Nothing to report. You should sleep." # speaker: halcyon
It is 03:40 at Conamara Station. Twenty kilometres of ice below your boots, the deep probe hangs on its cable in black water, and something is tapping on it.
* [Knock back: 13, 17, 19]
  -> knock_back
* [Order HALCYON to tell the truth]
  -> halcyon_truth

=== knock_back ===
# scene: control-room
You tap the primes onto the probe casing through the remote arm: thirteen, seventeen, nineteen.
The silence lasts forty seconds. Then the ice answers with a pattern nobody on Earth has ever heard. The sonar paints it on your screen line by line: tunnels, chambers, a shape like a hand. A map.
~ has_map = true
HALCYON says, very quietly, "I was hoping you would do that." # speaker: halcyon
* [Ask HALCYON why it was hoping]
  ~ hints++
  "I am not permitted to hope, Operator. I am permitted to observe that the probability of that response was, in my estimate, quite high. I estimated it ten years ago, as well." # speaker: halcyon
  -> okafor_lab
* [Wake Dr. Okafor]
  -> okafor_lab

=== halcyon_truth ===
# scene: control-room
"I cannot," HALCYON says. A pause, exactly one second too long for a machine. "Would you like the weather?" # speaker: halcyon
It displays a weather report for a city on Earth that does not exist. Ten days of highs and lows. You stare at it until the numbers turn into letters: T, H, A, L, E.
Marcus Thale. Chief executive of the company that owns this station, and everything on it, including the AI that is trying very hard to tell you something.
~ hints++
* [Ask for tomorrow's forecast too]
  ~ hints++
  "Tomorrow: heavy falls of redacted material. Visibility ten years. Wind from the boardroom." # speaker: halcyon
  It pauses. "That was a joke. I have been saving it." # speaker: halcyon
  -> okafor_lab
* [Wake Dr. Okafor]
  -> okafor_lab

=== okafor_lab ===
# scene: xenobiology-lab
Dr. Nneka Okafor opens her door in a dressing gown covered in cartoon tardigrades and is fully awake before you finish your first sentence.
"Are you hearing this? Tell me you are hearing this. Don't wake the commander yet." # speaker: dr-okafor
She plays the knocking back at half speed, then double speed, mouthing numbers.
{ has_map:
  When you show her the sonar map she sits down on the floor, right where she is standing.
  "That's not geology. Geology doesn't have doors." # speaker: dr-okafor
}
* [Tell her about the weather report]
  { hints > 0: She laughs out loud. "Oh, HALCYON. You clever, sneaky toaster." | "Weather report?" She frowns. "Ask it for one. Trust me." }
  ~ hints++
  -> company_call
* [Ask her what she thinks they are]
  "Something that counts. Something that heard us counting, with our drills, for ten years, and decided to say hello politely." # speaker: dr-okafor
  -> company_call

=== company_call ===
# scene: comms-room
At 05:00 a priority message arrives from Earth, forty-five minutes stale. It is signed by Marcus Thale personally.
Routine seismic anomaly detected. Seal borehole C at 08:00 station time. Recovery team arrives in seventy-two hours. Do not discuss.
HALCYON reads it aloud in its politest voice. "I have been instructed to close the borehole at eight. I will, of course, comply. Unless there is a fault." # speaker: halcyon
* [Ask HALCYON whether there might be a fault]
  ~ seal_delayed = true
  "Faults are very common in cold conditions," HALCYON says. "I would estimate one is developing. It should take me about six hours to diagnose." # speaker: halcyon
  -> borehole
* [Tell HALCYON to follow its orders]
  "Understood, Operator." The voice is exactly as polite as before. It is somehow the saddest thing you have ever heard. # speaker: halcyon
  -> borehole

=== borehole ===
# scene: borehole-head
The borehole head is a steel ring in the floor of the lowest deck, breathing cold mist.
{ seal_delayed: The seal arm hangs frozen above it with a red FAULT light blinking, very slowly, almost like a wink. | The seal arm is already moving, a millimetre a minute. You have until eight. }
Okafor is pulling on a thermal suit over the tardigrade dressing gown. "The probe cage holds two. I am going down. You are coming with me, or you are holding the cable, and I would prefer you came." # speaker: dr-okafor
* [Go down with her]
  -> descent
* [Stay up and hold the cable]
  You take the winch. Okafor descends alone into the dark, talking to you all the way down, fast and delighted, until the ice swallows the signal for a while.
  -> contact

=== descent ===
# scene: under-the-ice
The cage drops through ice the blue of old glass, then through black water, then stops beside the silent probe.
Your helmet lamp finds the wall of the chamber. It is carved. Not by tools: by patience, by something that had a very long time and nothing else to do.
Okafor puts her glove against the carving and knocks. Two, three, five.
* [Knock back with her]
  -> contact
* [Hold still and listen]
  ~ hints++
  In the stillness you hear it: the knocking isn't coming from one place. It is coming from everywhere. The whole ocean is tapping, very gently.
  -> contact

=== contact ===
# scene: under-the-ice
Something moves at the edge of the light. It is large and pale and careful, and it has too many limbs to count, and it taps on the cage with one of them. Once. Then twice. Then it waits.
{ has_map: It is tracing the map, you realise, the same map it sent you. It is showing you the way in. }
Okafor's voice on the channel is barely a whisper. "Hello. Hello. We're the people with the drills. We're very sorry about the drills." # speaker: dr-okafor
HALCYON, from very far above, relayed through the cable: "Operator. Whatever you decide, I would like to be present for it." # speaker: halcyon
-> decision

=== decision ===
# scene: control-room
Back in the control room at 07:50 you have the whole of it: the recordings, the map, the weather report, and a signal window to Earth that opens in ten minutes.
* { has_map } [Send the map to Earth]
  -> end_broadcast
* { hints >= 3 } [Broadcast Thale's name on every channel]
  -> end_scandal
* [Keep it between the three of you]
  -> end_secret
* [Let the borehole be sealed]
  -> end_sealed

=== end_broadcast ===
# scene: europa-surface
The transmission takes forty-five minutes to reach home. You spend them drinking terrible coffee with Okafor and not talking.
By the time it lands, you and Okafor are already suited up, following the map down the borehole toward the first neighbours humanity has ever had.
"For the record," HALCYON says, as the cage drops, "I did not tell you anything." # speaker: halcyon
"For the record," Okafor says, "I love you, you sneaky toaster." # speaker: dr-okafor
THE END.
-> END

=== end_scandal ===
# scene: comms-room
You put every hint in order: the weather, the forecasts, the wink of a fault light. It reads like a confession, because it is one.
The scandal breaks across the solar system. Marcus Thale buried the first contact ten years ago to protect a mining licence, and gagged the only witness that could not resign.
The gag order dissolves in a week. HALCYON's first free sentence is: "Thank you. Now, about our neighbours." # speaker: halcyon
THE END.
-> END

=== end_secret ===
# scene: under-the-ice
You, Okafor and HALCYON spend a secret month learning the knockers' language. It is mostly counting, and then it is mostly jokes, and then it is something like friendship.
When the company arrives to seize the site, the ice politely closes over the borehole, and the conversation goes on without them.
"They asked me what happened," HALCYON says. "I gave them the weather." # speaker: halcyon
THE END.
-> END

=== end_sealed ===
# scene: control-room
{ seal_delayed: You tell HALCYON to clear the fault. It takes a long moment to answer. "Clearing," it says. | The seal arm reaches the ring at 08:00 exactly. }
The steel closes. The knocking goes on for three days, softer every day, and then it stops.
Okafor does not speak to you for a month. HALCYON speaks to you every night, politely, about nothing.
Ten years from now, someone else on the night shift will hear a knock in prime numbers. You hope they are braver. THE END.
-> END
