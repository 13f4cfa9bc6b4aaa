import type { Metadata } from "next";
import { PageFrame } from "@storyloom/ui";
import { NoticesView } from "./notices-view";

/** Title of the notices page. */
export const metadata: Metadata = { title: "Notices" };

/** /user/notices: what staff did about the player's reports and stories (personal: read on the client). */
export default function NoticesScreen() {
  return (
    <PageFrame title="Notices" lead="What we did about your reports and your stories.">
      <NoticesView />
    </PageFrame>
  );
}
