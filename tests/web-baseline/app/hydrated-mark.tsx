"use client";
import { useEffect } from "react";

/**
 * Marks the document `data-hydrated` once React has hydrated it, as the brand sites' root does
 * (packages/screens app-providers.tsx): `pnpm bench:web` times "interactive" by this mark on both.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
