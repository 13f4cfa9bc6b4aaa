import type { Metadata } from "next";
import { getBrand } from "../brand";
import { fetchFeatured } from "./featured";
import { ClosingCta, FeaturedStory, LandingHero, storyHref } from "./parts";

/** Title of the mystery landing page. */
export const metadata: Metadata = {
  title: "Solve the Mystery",
  description: "Interrogate AI suspects, follow the clues and name the culprit before the night is over.",
};

const caseNotes = [
  { label: "Suspects", value: "Everyone you meet. Every one of them can lie." },
  { label: "Clues", value: "Hidden in what characters say, and in what they avoid saying." },
  { label: "Method", value: "Ask anything. Press them. Accuse when you are sure." },
  { label: "Endings", value: "Several. Only one of them is the truth." },
] as const;

/** /landing2: the mystery pitch as a case file, leading into a featured mystery story. */
export default async function MysteryLandingScreen() {
  const brand = getBrand();
  const story = await fetchFeatured(["mystery", "detective", "crime", "thriller"]);
  const href = storyHref(story);
  const mood = "linear-gradient(180deg, #111827 0%, #1e293b 60%, var(--brand-primary) 160%)";
  return (
    <>
      <LandingHero
        eyebrow={`${brand.name} · Mystery`}
        title={<>Every clue is real. Every suspect is lying.</>}
        body={<p>Question AI characters who have something to hide, piece the evidence together and make the accusation that closes the case.</p>}
        ctaHref={href}
        ctaLabel={story ? "Open the case file" : "Find a case"}
        background={mood}
      />
      <section aria-labelledby="case-title" className="m-5 rounded-3xl border-2 border-dashed border-line p-5">
        <h2 id="case-title" className="font-mono text-sm font-semibold tracking-widest uppercase">Case file · How it works</h2>
        <dl className="mt-4 space-y-3">
          {caseNotes.map((note) => (
            <div key={note.label} className="grid grid-cols-[6.5rem_1fr] gap-2">
              <dt className="font-mono text-sm font-semibold text-muted uppercase">{note.label}</dt>
              <dd>{note.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <FeaturedStory story={story} label="Open case" />
      <section aria-labelledby="tips-title" className="px-5 py-6">
        <h2 id="tips-title" className="text-2xl font-semibold">Detective&apos;s tips</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-muted">
          <li>Ask the same question twice, to two different people.</li>
          <li>Alibis are stories too. Look for the part that is too neat.</li>
          <li>Stuck? Your daily coins buy extra questions for the suspect who knows most.</li>
        </ul>
      </section>
      <ClosingCta title="The case goes cold at dawn" text="Start now. The first chapter is free." href={href} label="Take the case" background={mood} />
    </>
  );
}
