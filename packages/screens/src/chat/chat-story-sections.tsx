"use client";
import { useEffect, useRef } from "react";
import { useApiQuery } from "@storyloom/api-client/react";
import { Avatar, ErrorState, Skeleton } from "@storyloom/ui";
import { errorText } from "../tasks/messages";
import { sceneLines } from "./chat-side-logic";
import type { CastMember } from "./message-list";

// The character and the scene of the panel beside the chat (issue 45): the portrait, name and
// persona line of the one spoken to, and what the script says of the current scene (where, who
// speaks, the goal: what the model is steered by). Loaded with the panel, never for the first paint.

/** Props of {@link StorySections}. */
export interface StorySectionsProps {
  storyId: string;
  /** the character spoken to; null when the chat plays the story as a whole */
  character: CastMember | null;
  /** changes with every turn the thread shows (see sceneTurnOf): the scene is read again */
  turn: string;
  /** h2 beside the chat (the panel's own sections), h3 in the phone's sheet (under the sheet's title) */
  level: 2 | 3;
  /** the ids the headings take (one panel beside the chat, one sheet: they never share a page's ids) */
  idPrefix: string;
}

const headingClass = "text-lg font-semibold text-fg";

function CharacterSection({ character, level, id }: { character: CastMember | null; level: 2 | 3; id: string }) {
  const H = `h${level}` as const;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2" data-testid="chat-side-character">
      <H id={id} className={headingClass}>
        Character
      </H>
      {character ? (
        <div className="flex items-center gap-3">
          {/* The name is written beside it: the portrait is decoration to a screen reader. */}
          <span aria-hidden="true">
            <Avatar src={character.avatarUrl} name={character.name} size={64} />
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-fg">{character.name}</p>
            {character.tagline ? <p className="text-sm text-muted">{character.tagline}</p> : null}
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted">No one character: the narrator tells the story as a whole.</p>
      )}
    </section>
  );
}

function SceneSection({ storyId, turn, level, id }: { storyId: string; turn: string; level: 2 | 3; id: string }) {
  const H = `h${level}` as const;
  const q = useApiQuery("chatScene", { story_id: storyId }, { staleTime: 0 });
  const { refetch } = q;
  // The first read is the query's own; each later turn reads the scene again.
  const seen = useRef(turn);
  useEffect(() => {
    if (seen.current === turn) return;
    seen.current = turn;
    void refetch();
  }, [turn, refetch]);
  const lines = q.data ? sceneLines(q.data) : [];
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-t border-line pt-3" data-testid="chat-side-scene">
      <H id={id} className={headingClass}>
        Scene and goal
      </H>
      {q.isPending ? (
        <div role="status" aria-label="Loading the scene" className="flex flex-col gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : q.isError ? (
        <ErrorState message={`The scene could not be loaded: ${errorText(q.error)}`} onRetry={() => void refetch()} retrying={q.isFetching} />
      ) : lines.length === 0 ? (
        <p className="text-sm text-muted">The story has not named this scene or its goal.</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {lines.map((l) => (
            <div key={l.term} className="contents">
              <dt className="text-muted">{l.term}</dt>
              <dd className="text-fg">{l.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The character and the scene, for the panel beside the chat and the phone's sheet. */
export function StorySections({ storyId, character, turn, level, idPrefix }: StorySectionsProps) {
  return (
    <div className="flex flex-col gap-3" data-testid="chat-story-sections">
      <CharacterSection character={character} level={level} id={`${idPrefix}-character`} />
      <SceneSection storyId={storyId} turn={turn} level={level} id={`${idPrefix}-scene`} />
    </div>
  );
}

export default StorySections;
