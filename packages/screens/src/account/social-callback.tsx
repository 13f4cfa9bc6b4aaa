import type { Metadata } from "next";
import { PageFrame } from "@storyloom/ui";
import { SocialCallbackLoader } from "./social-callback-loader";

/** Title of the social sign-in callback. */
export const metadata: Metadata = { title: "Signing in" };

/** /user/social-callback: client-side only; takes the tokens from the URL, stores them, goes home. */
export default function SocialCallbackScreen() {
  return (
    <PageFrame width="sm" title="Signing in">
      <SocialCallbackLoader />
    </PageFrame>
  );
}
