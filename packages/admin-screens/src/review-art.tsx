"use client";
// A submitted version as players will meet it: the catalogue card's cover (category label, 18+ mark),
// title and hook, and the cast with avatars and greetings. The pictures come from the API's staff
// review art call through object URLs (see review-art-load.ts for why not a plain <img src>).
import type { ReviewItem } from "@storyloom/contract";
import { Button, Skeleton } from "@storyloom/ui";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { useConsoleApi, useStaffQuery } from "./console-provider";
import { loadReviewArt, type ReviewArtRequest } from "./review-art-load";

// The card's cover is 192 CSS px wide (the story page's), an avatar 48: their 2x copies.
const COVER_WIDTH = 192;
const COVER_FETCH_WIDTH = 640;
const AVATAR_SIZE = 48;
const AVATAR_FETCH_WIDTH = 96;

/** An object URL of `blob` while the component shows it, revoked when it no longer does. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<{ blob: Blob; href: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const href = URL.createObjectURL(blob);
    setUrl({ blob, href });
    return () => URL.revokeObjectURL(href);
  }, [blob]);
  // A URL made for an earlier blob is never shown for a newer one (it may be revoked already).
  return url && url.blob === blob ? url.href : null;
}

/** One picture of a version, loaded once per session: a version's art never changes. */
function useReviewArt(req: ReviewArtRequest) {
  const api = useConsoleApi();
  const q = useQuery({
    queryKey: ["review-art", req],
    queryFn: () => loadReviewArt(api, req),
    staleTime: Infinity,
  });
  return { ...q, url: useObjectUrl(q.data) };
}

/** The 18+ mark of a mature story, as the sites show it on a card ("Mature, 18+" to a screen reader). */
function MatureMark({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold leading-5 text-white ${className}`} title="Mature: for adults who confirmed their age">
      <span aria-hidden="true">18+</span>
      <span className="sr-only">Mature, 18+</span>
    </span>
  );
}

/** The version's cover at the story page's size, with its loading and error states. */
function Cover({ item }: { item: ReviewItem }) {
  const art = useReviewArt({ version_id: item.version_id, kind: "cover", w: COVER_FETCH_WIDTH });
  let content: ReactNode;
  if (art.url) {
    content = <img src={art.url} alt={`Cover of “${item.title}”`} width={600} height={800} className="absolute inset-0 h-full w-full object-cover" data-testid="review-cover" />;
  } else if (art.isError) {
    content = (
      <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center text-sm">
        <p>The cover did not load: {art.error.message}</p>
        <Button size="sm" variant="secondary" onClick={() => void art.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else {
    content = (
      <>
        <Skeleton className="absolute inset-0 rounded-none" />
        <span role="status" className="sr-only">
          Loading the cover…
        </span>
      </>
    );
  }
  return (
    <div className="relative aspect-[3/4] shrink-0 overflow-hidden rounded-2xl bg-surface-2 shadow-sm ring-1 ring-line" style={{ width: COVER_WIDTH }}>
      {content}
    </div>
  );
}

/** A character's avatar; while loading a placeholder, and its initials when it did not load. */
function CastAvatar({ versionId, index, name }: { versionId: string; index: number; name: string }) {
  const art = useReviewArt({ version_id: versionId, kind: "avatar", character: index, w: AVATAR_FETCH_WIDTH });
  const box = "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-2";
  const size = { width: AVATAR_SIZE, height: AVATAR_SIZE };
  if (art.url) return <img src={art.url} alt={`${name}’s avatar`} width={AVATAR_SIZE} height={AVATAR_SIZE} className={`${box} object-cover`} style={size} />;
  if (art.isError) {
    return (
      <span role="img" aria-label={`${name}’s avatar did not load: ${art.error.message}`} title={art.error.message} className={`${box} border border-dashed border-line text-sm font-semibold`} style={size}>
        <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
      </span>
    );
  }
  return <Skeleton className="h-12 w-12 shrink-0 rounded-full" />;
}

/**
 * The top of the moderation detail: the version as the catalogue card and story page will show it
 * (cover with the category label and the 18+ mark, title, hook, category and rating). The title is
 * the detail's heading (`headingId`).
 */
export function VersionCard({ item, headingId }: { item: ReviewItem; headingId: string }) {
  const categories = useStaffQuery("adminCategoryList", undefined);
  const category = categories.data?.categories.find((c) => c.id === item.category_id)?.name ?? item.category_id;
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <div className="relative self-start">
        <Cover item={item} />
        <span className="absolute top-2 left-2 rounded-full bg-black/65 px-2 py-0.5 text-xs text-white">{category}</span>
        {item.rating === "mature" ? <MatureMark className="absolute top-2 right-2" /> : null}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
          {item.title}
        </h2>
        <p className="text-lg">{item.hook}</p>
        <p className="text-sm text-muted">
          {category} · {item.rating === "mature" ? "Mature (18+)" : "General audience"} · by {item.author.name}
        </p>
      </div>
    </div>
  );
}

/** The cast as the story page lists it (avatar and name), with each character's greeting and persona. */
export function CastList({ item }: { item: ReviewItem }) {
  if (item.characters.length === 0) return <p className="text-sm text-muted">No characters: the story is played with its narrator alone.</p>;
  return (
    <ul className="flex flex-col gap-3 text-sm">
      {item.characters.map((c, i) => (
        <li key={c.name} className="flex gap-3 rounded-xl border border-line bg-surface-2 p-3">
          <CastAvatar versionId={item.version_id} index={i} name={c.name} />
          <div className="min-w-0">
            <p className="font-semibold">{c.name}</p>
            <p>
              <span className="text-muted">Greeting (a player&apos;s first message): </span>“{c.greeting}”
            </p>
            <p>
              <span className="text-muted">Persona: </span>
              {c.persona}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
