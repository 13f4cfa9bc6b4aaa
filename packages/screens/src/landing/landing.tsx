import type { Metadata } from "next";
import { getBrand } from "../brand";
import { fetchFeatured } from "./featured";
import { ClosingCta, FeaturedStory, FeatureList, LandingHero, storyHref } from "./parts";

/** Title of the fantasy-adventure landing page. */
export const metadata: Metadata = {
  title: "Fantasy Adventures You Control",
  description: "Step into an AI-powered fantasy adventure where every choice rewrites the quest.",
};

const features = [
  { icon: "sword", title: "You choose, the world answers", text: "Fight, bargain, sneak or charm. Every choice opens a different path and a different ending." },
  { icon: "dragon", title: "Characters with a will of their own", text: "Companions and rivals reply in their own voice, remember what you did and hold a grudge." },
  { icon: "scroll", title: "Hand-written worlds", text: "Each realm is authored by writers, then brought to life by AI so no two journeys match." },
  { icon: "gem", title: "Free coins every day", text: "Check in daily and finish small quests to earn the coins that keep the adventure going." },
] as const;

/** /landing: the fantasy-adventure pitch, leading into a featured fantasy story. */
export default async function FantasyLandingScreen() {
  const brand = getBrand();
  const story = await fetchFeatured(["fantasy", "adventure", "magic"]);
  const href = storyHref(story);
  const mood = "linear-gradient(165deg, var(--brand-primary) 0%, #2a1147 55%, #0c0716 100%)";
  return (
    <>
      <LandingHero
        eyebrow={`${brand.name} · Fantasy`}
        title={<>Your sword. Your spell. Your story.</>}
        body={<p>Dragons, lost kingdoms and cursed crowns: play an epic where you decide who lives, who falls and who wears the crown.</p>}
        ctaHref={href}
        ctaLabel={story ? "Begin the quest" : "Explore the stories"}
        background={mood}
      />
      <FeaturedStory story={story} label="Tonight's quest" />
      <FeatureList heading="How an adventure plays" items={features} />
      <section aria-labelledby="steps-title" className="px-5 pb-4">
        <h2 id="steps-title" className="text-2xl font-semibold">Three steps to the first battle</h2>
        <ol className="mt-4 space-y-3">
          {["Open the story: no sign-up needed to start.", "Read the opening scene and meet your party.", "Type what you do, or tap a choice, and watch the world react."].map((step, i) => (
            <li key={step} className="flex items-start gap-3">
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-white">{i + 1}</span>
              <span className="pt-1">{step}</span>
            </li>
          ))}
        </ol>
      </section>
      <ClosingCta title="The realm is waiting" text="Your first chapter is free. Legends start with a single step." href={href} label="Start playing now" background={mood} />
    </>
  );
}
