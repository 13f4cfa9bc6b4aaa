"use client";
import { useCharacter, useSession } from "@storyloom/api-client/react";
import { CharacterArticle } from "../character/character-article";
import { GateFailure, GateLoading } from "./gate-parts";

/** The page of a mature story's character: shown to a player who confirmed their age, else why not. */
export function GatedCharacter({ slug }: { slug: string }) {
  const ready = useSession((s) => s.ready);
  const character = useCharacter(slug, { enabled: ready, retry: (n, e) => e.status !== 403 && e.status !== 404 && n < 2 });
  if (!ready || character.isPending) return <GateLoading what="the character" />;
  if (character.isError) return <GateFailure error={character.error} onRetry={() => void character.refetch()} retrying={character.isFetching} />;
  return <CharacterArticle data={character.data} />;
}
