"use client";
import dynamic from "next/dynamic";
import { Spinner } from "@storyloom/ui";

/** Loads the callback view in the browser only: its input is the URL fragment, which servers never see. */
export const SocialCallbackLoader = dynamic(() => import("./social-callback-view"), {
  ssr: false,
  loading: () => (
    <p role="status" className="flex items-center justify-center gap-3">
      <Spinner size={20} /> Signing you in…
    </p>
  ),
});
