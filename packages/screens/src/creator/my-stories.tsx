import type { Metadata } from "next";
import { PageFrame } from "@storyloom/ui";
import { MyStoriesView } from "./my-stories-view";

/** Title of the story list page. */
export const metadata: Metadata = { title: "My stories" };

/** /user/stories: the stories the user writes (personal, so the list renders on the client). */
export default function MyStoriesScreen() {
  return (
    <PageFrame title="My stories" lead="Write interactive stories in ink, preview them as you type, and publish them to the catalogue.">
      <MyStoriesView />
    </PageFrame>
  );
}
