import type { Metadata } from "next";
import { getBrand } from "../brand";
import { fetchFeatured } from "./featured";
import { ClosingCta, FeaturedStory, FeatureList, LandingHero, storyHref } from "./parts";

/** Title of the "make it your own" landing page. */
export const metadata: Metadata = {
  title: "Write Your Own Story",
  description: "Type anything and the characters answer: AI interactive stories where you write the next line.",
};

const features = [
  { icon: "pen", title: "No choices list to limit you", text: "Type any action or line of dialogue. The story adapts and the characters answer in persona." },
  { icon: "branch", title: "Bend any story", text: "Start from a written opening, then take it somewhere its author never imagined." },
  { icon: "trophy", title: "Daily tasks, real rewards", text: "Play, share and invite friends to earn coins. Creating your own story is a daily task too." },
] as const;

/** /landing3: the "create your own" pitch: free input, a prompt example, then a story to try it on. */
export default async function CreateLandingScreen() {
  const brand = getBrand();
  const story = await fetchFeatured([]);
  const href = storyHref(story);
  const mood = "linear-gradient(135deg, var(--brand-primary) 0%, #0f172a 100%)";
  return (
    <>
      <LandingHero
        eyebrow={`${brand.name} · Your story`}
        title={<>Write the first line. The characters write back.</>}
        body={<p>On {brand.name} you are not choosing from a menu. Say anything, do anything, and an AI cast plays along in real time.</p>}
        ctaHref={href}
        ctaLabel={story ? "Try it on a story" : "Pick a story to start"}
        background={mood}
      />
      <section aria-labelledby="prompt-title" className="px-5 pt-8">
        <h2 id="prompt-title" className="text-2xl font-semibold">What would you do?</h2>
        <figure className="mt-4 rounded-2xl border border-line bg-surface-2 p-4">
          <blockquote className="font-mono text-sm">
            &gt; I slide the stolen map across the table and say: &quot;You have until the candle burns out to tell me who drew it.&quot;
          </blockquote>
          <figcaption className="mt-3 text-sm text-muted">Anything you type becomes part of the story.</figcaption>
        </figure>
      </section>
      <FeatureList heading="Your imagination, their voices" items={features} />
      <FeaturedStory story={story} label="Most played right now" />
      <ClosingCta title="Your turn" text="Open a story and type your first move. It's free to start." href={href} label="Write your first move" background={mood} />
    </>
  );
}
