import { redirect } from "next/navigation";

/** The console opens on the moderation queue. */
export default function Home() {
  redirect("/moderation");
}
