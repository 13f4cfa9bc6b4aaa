"use client";
import { useSearchParams } from "next/navigation";
import { useStory } from "@storyloom/api-client/react";
import { ReportButton } from "../safety/report-button";

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * The story a visitor came to report (the story page links here with `?story=<id>`): named, linked,
 * reportable in the app's report dialog (when the story is there to report), and filled into the
 * mail to support as the alternative. Only a valid story id is used; anything else shows nothing.
 */
export function ReportTarget({ supportEmail }: { supportEmail: string }) {
  const raw = useSearchParams().get("story") ?? "";
  const id = SLUG.test(raw) ? raw : "";
  const story = useStory(id);
  if (!id) return null;
  const title = story.data?.story.title;
  const url = typeof window === "undefined" ? `/story/${id}` : `${window.location.origin}/story/${id}`;
  const subject = `Content removal request: ${title ?? id}`;
  const body = `Story: ${url}\n\nWhat should be removed, and why:\n\n`;
  return (
    <section aria-labelledby="report-heading" className="mt-8 rounded-2xl border border-line bg-surface-2 p-5">
      <h2 id="report-heading" className="!mt-0">
        Report a story
      </h2>
      <p>
        You are reporting <a href={`/story/${id}`}>{title ?? id}</a>.
      </p>
      {title ? (
        <p>
          <ReportButton target={{ kind: "story", id, label: `the story “${title}”` }} className="font-semibold underline underline-offset-4">
            Report this story in the app
          </ReportButton>
        </p>
      ) : null}
      <p>Or tell us by e-mail what should be removed and why; the link is already in the message.</p>
      <p>
        <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`} className="font-semibold">
          Write to {supportEmail} about this story
        </a>
      </p>
    </section>
  );
}
