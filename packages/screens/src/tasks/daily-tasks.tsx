import type { Metadata } from "next";
import { DailyTasksView } from "./daily-tasks-view";

/** Title of the daily tasks page. */
export const metadata: Metadata = { title: "Daily Tasks" };

/** /daily-tasks (mobile layout): check in and finish tasks to earn coins. */
export default function DailyTasksScreen() {
  return <DailyTasksView />;
}
