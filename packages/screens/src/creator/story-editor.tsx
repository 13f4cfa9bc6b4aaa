import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { IntentLink as Link } from "../shell/intent-link";
import { StoryEditorView } from "./story-editor-view";

/** Title of the editor page. */
export const metadata: Metadata = { title: "Story editor" };

type Props = { params: Promise<{ id: string }> };

/** /user/stories/[id]: the story editor with its live preview (personal: it renders on the client). */
export default async function StoryEditorScreen({ params }: Props) {
  const { id } = await params;
  if (!/^[1-9]\d{0,15}$/.test(id)) notFound();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/user/stories" className="text-muted underline-offset-4 hover:underline">
          ← My stories
        </Link>
      </nav>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight sm:text-3xl">Story editor</h1>
      <StoryEditorView id={id} />
    </div>
  );
}
