"use client";
import { Spinner } from "@storyloom/ui";
import { clientOnly } from "@storyloom/ui/client-only";

/** Loads the callback view in the browser only: its input is the URL fragment, which servers never see. */
export const SocialCallbackLoader = clientOnly(
  () => import("./social-callback-view").then((m) => m.default),
  <p role="status" className="flex items-center justify-center gap-3">
    <Spinner size={20} /> Signing you in…
  </p>,
);
