import Image from "next/image";
import { IntentLink as Link } from "../shell/intent-link";
import type { ReactNode } from "react";
import type { StorySummary } from "@storyloom/contract";
import { publicAssetUrl } from "./featured";
import { LandingIcon, type LandingIconName } from "./icons";

/** Where a landing page's call to action leads: the featured story, or the catalogue without one. */
export function storyHref(story: StorySummary | undefined): string {
  return story ? `/story/${story.id}` : "/";
}

/** Props of the landing hero. */
export interface LandingHeroProps {
  eyebrow: string;
  title: ReactNode;
  body: ReactNode;
  ctaHref: string;
  ctaLabel: string;
  /** A CSS background for the hero; each landing sets its own mood. */
  background: string;
}

/** The first screen of a landing page: headline, pitch and the primary call to action. */
export function LandingHero({ eyebrow, title, body, ctaHref, ctaLabel, background }: LandingHeroProps) {
  return (
    <section aria-labelledby="landing-title" className="px-5 pt-10 pb-12 text-white" style={{ background }}>
      <p className="text-sm font-semibold tracking-widest uppercase opacity-90">{eyebrow}</p>
      <h1 id="landing-title" className="mt-3 text-4xl leading-tight font-semibold tracking-tight">
        {title}
      </h1>
      <div className="mt-4 text-lg opacity-95">{body}</div>
      <CtaLink href={ctaHref} className="mt-8 w-full">
        {ctaLabel}
      </CtaLink>
    </section>
  );
}

/** The big call-to-action link used on landing pages. */
export function CtaLink({ href, children, className = "" }: { href: string; children: ReactNode; className?: string }) {
  return (
    <Link
      href={href}
      className={`inline-flex min-h-12 items-center justify-center rounded-2xl bg-white px-6 text-base font-semibold text-[#14121c] shadow-lg hover:brightness-95 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white ${className}`}
    >
      {children}
    </Link>
  );
}

/** The featured story: cover, title, hook and a link into it; or a catalogue teaser without one. */
export function FeaturedStory({ story, label }: { story: StorySummary | undefined; label: string }) {
  if (!story) {
    return (
      <section aria-labelledby="featured-title" className="m-5 rounded-3xl border border-line bg-surface-2 p-6">
        <h2 id="featured-title" className="text-xl font-semibold">{label}</h2>
        <p className="mt-2 text-muted">Hundreds of scenes are waiting. Pick the one that calls you from the catalogue.</p>
        <Link href="/" className="mt-4 inline-block font-semibold underline underline-offset-4">
          Browse all stories
        </Link>
      </section>
    );
  }
  const cover = publicAssetUrl(story.cover_url);
  return (
    <section aria-labelledby="featured-title" className="m-5 overflow-hidden rounded-3xl border border-line bg-surface-2">
      <div className="relative aspect-[4/3] w-full bg-surface">
        <Image src={cover} alt="" fill sizes="(max-width: 480px) 100vw, 480px" className="object-cover" unoptimized={/\.(svg|webp)$/.test(cover)} />
      </div>
      <div className="p-5">
        <p className="text-xs font-semibold tracking-widest text-muted uppercase">{label}</p>
        <h2 id="featured-title" className="mt-1 text-2xl font-semibold">{story.title}</h2>
        <p className="mt-2 text-muted">{story.hook}</p>
        {story.actors.length > 0 ? (
          <p className="mt-3 text-sm text-muted">
            Starring {story.actors.map((a) => a.name).join(", ")}
          </p>
        ) : null}
        <Link
          href={storyHref(story)}
          className="mt-5 inline-flex min-h-12 w-full items-center justify-center rounded-2xl bg-brand px-6 font-semibold text-white hover:brightness-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Start “{story.title}”
        </Link>
      </div>
    </section>
  );
}

/** A short list of selling points, each with a symbol, a heading and a sentence. */
export function FeatureList({ heading, items }: { heading: string; items: readonly { icon: LandingIconName; title: string; text: string }[] }) {
  return (
    <section aria-labelledby="features-title" className="px-5 py-8">
      <h2 id="features-title" className="text-2xl font-semibold">{heading}</h2>
      <ul className="mt-5 space-y-4">
        {items.map((item) => (
          <li key={item.title} className="flex gap-4 rounded-2xl bg-surface-2 p-4">
            <LandingIcon name={item.icon} />
            <div>
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm text-muted">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The closing call to action at the bottom of a landing page. */
export function ClosingCta({ title, text, href, label, background }: { title: string; text: string; href: string; label: string; background: string }) {
  return (
    <section aria-labelledby="closing-title" className="m-5 rounded-3xl p-6 text-center text-white" style={{ background }}>
      <h2 id="closing-title" className="text-2xl font-semibold">{title}</h2>
      <p className="mt-2 opacity-95">{text}</p>
      <CtaLink href={href} className="mt-5 w-full">
        {label}
      </CtaLink>
    </section>
  );
}
