import type { Metadata } from "next";
import { getBrand } from "../brand";
import { fetchFeatured } from "./featured";
import { ClosingCta, FeaturedStory, FeatureList, LandingHero, storyHref } from "./parts";

/** Title of the romance and companionship landing page. */
export const metadata: Metadata = {
  title: "Characters Who Remember You",
  description: "Slow-burn romance and real connection with AI characters who remember every word.",
};

const features = [
  { icon: "chat", title: "Conversations that continue", text: "Pick up where you left off. They remember your name, your jokes and the promise you made." },
  { icon: "moon", title: "Stories at your pace", text: "Slow burn or sudden sparks: the relationship grows from what you say, not from a fixed script." },
  { icon: "lock", title: "Private by design", text: "Your chats are yours. We never sell them and never show them to anyone else." },
] as const;

/** /landing1: the romance and companionship pitch, with a sample exchange and a featured story. */
export default async function RomanceLandingScreen() {
  const brand = getBrand();
  const story = await fetchFeatured(["romance", "drama", "slice-of-life"]);
  const href = storyHref(story);
  const lead = story?.actors[0]?.name ?? "Mira";
  const mood = "linear-gradient(160deg, #be185d 0%, var(--brand-primary) 60%, #1f0a1a 100%)";
  return (
    <>
      <LandingHero
        eyebrow={`${brand.name} · Romance`}
        title={<>Someone has been waiting to meet you.</>}
        body={<p>Characters with warmth, wit and a past of their own. Say hello and see where the story takes you both.</p>}
        ctaHref={href}
        ctaLabel={story ? `Say hello to ${lead}` : "Meet the characters"}
        background={mood}
      />
      <section aria-labelledby="sample-title" className="px-5 pt-8">
        <h2 id="sample-title" className="text-2xl font-semibold">A taste of the conversation</h2>
        <ol className="mt-4 space-y-3" aria-label="Sample conversation">
          <li className="max-w-[85%] rounded-2xl rounded-bl-sm bg-surface-2 p-3">
            <span className="block text-xs font-semibold text-muted">{lead}</span>
            You came back. I kept your seat by the window, just in case.
          </li>
          <li className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-brand p-3 text-white">
            <span className="block text-xs font-semibold">You</span>
            I said I would. Tell me what happened after I left.
          </li>
          <li className="max-w-[85%] rounded-2xl rounded-bl-sm bg-surface-2 p-3">
            <span className="block text-xs font-semibold text-muted">{lead}</span>
            Sit down first. It&apos;s a long story, and you&apos;re in it.
          </li>
        </ol>
      </section>
      <FeaturedStory story={story} label="Someone to meet" />
      <FeatureList heading="Why it feels real" items={features} />
      <ClosingCta title="Start a conversation tonight" text="Free to begin. Daily coins keep the conversation going." href={href} label="Start the story" background={mood} />
    </>
  );
}
