// The staff transcript's view of a chat with branches (issue 45): what the URL asks for, and how a
// branch is named to a moderator. Pure, so it is unit-tested without a browser.
import type { EndpointData } from "@storyloom/contract";

type Branch = EndpointData<"adminPlayerChat">["branches"][number];

const ID = /^[1-9][0-9]{0,17}$/;
const BRANCH = /^(0|[1-9][0-9]{0,17})$/;

/** What the transcript's URL asks for: a branch, or the branch holding a message (it wins), and the page. */
export interface TranscriptView {
  branch_id?: string;
  message_id?: string;
  cursor?: string;
}

/** Reads `?branch=`, `?message=` and `?cursor=`, leaving out what is malformed (the API would refuse it). */
export function parseTranscriptView(params: { get(name: string): string | null }): TranscriptView {
  const message = params.get("message")?.trim() ?? "";
  const branch = params.get("branch") ?? "";
  const cursor = params.get("cursor") ?? "";
  const view: TranscriptView = {};
  if (ID.test(message)) view.message_id = message;
  else if (BRANCH.test(branch)) view.branch_id = branch;
  if (ID.test(cursor)) view.cursor = cursor;
  return view;
}

/** Whether the URL's message id is malformed (said to the moderator instead of being dropped silently). */
export function badMessageParam(params: { get(name: string): string | null }): boolean {
  const message = params.get("message")?.trim();
  return Boolean(message) && !ID.test(message!);
}

/** A branch's name: its place among the chat's branches, oldest first ("Branch 2 of 3"), and its id. */
export function branchName(branches: readonly Branch[], id: string): string {
  const at = branches.findIndex((b) => b.id === id);
  if (at < 0) return `Branch #${id}`;
  return branches.length === 1 ? "The only branch" : `Branch ${at + 1} of ${branches.length} (#${id})`;
}

/** Where a branch was forked (or that it was not: a chat merged in) and how many messages it holds (whether it is shown is its badge). */
export function branchSummary(branches: readonly Branch[], b: Branch): string {
  const parts: string[] = [];
  if (b.fork_message_id) {
    const parent = b.parent_id ? branches.find((p) => p.id === b.parent_id) : undefined;
    parts.push(`forked from ${parent ? branchName(branches, parent.id).replace(/^Branch/, "branch") : "another branch"} at message #${b.fork_message_id}`);
  } else if (branches.filter((x) => x.fork_message_id === null).length > 1) parts.push("not forked from another branch (a guest's chat merged into the account, or the chat it joined)");
  parts.push(`${b.messages} ${b.messages === 1 ? "message" : "messages"}`);
  return parts.join(" · ");
}
