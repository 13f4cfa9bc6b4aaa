"use client";
import { useEffect } from "react";
import { installChunkErrorGuard } from "./chunk-guard";

/** Mount once in the root layout: reloads once on a stale-chunk error after a deploy. Renders nothing. */
export function ChunkErrorGuard() {
  useEffect(() => installChunkErrorGuard(), []);
  return null;
}
