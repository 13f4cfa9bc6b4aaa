import type { Metadata } from "next";
import { PageFrame } from "@storyloom/ui";
import { ProfileView } from "./profile-view";

/** Title of the profile page. */
export const metadata: Metadata = { title: "Profile" };

/** /user/profile: the account summary and editor (personal, so it renders on the client). */
export default function ProfileScreen() {
  return (
    <PageFrame title="Profile">
      <ProfileView />
    </PageFrame>
  );
}
