import { z } from "zod";
import { ChatMessage } from "./entities";

// Branches of a story chat (issue 45): choosing another alternative of an earlier reply, or
// regenerating it, continues the story from there on a new branch; the turns after it stay on the
// old one. A chat that never forked is one branch, id "0".

/** A branch id on the wire: the decimal string of its row id ("0": a chat that never forked). */
export const BranchId = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, "must be a branch id");

/** One branch of a chat, as the branch view lists it. */
export const ChatBranch = z.object({
  id: z.string(),
  /** the branch it was forked from (null: the chat's first) */
  parent_id: z.string().nullable(),
  /** the reply it was forked at (its original message id; null: the first branch) */
  fork_message_id: z.string().nullable(),
  /** the line where it departs from its parent: the chosen alternative of that reply (null: the first branch) */
  line: z.string().nullable(),
  /** its newest line */
  last_line: z.string().nullable(),
  /** how many messages it holds */
  messages: z.number().int(),
  /** whether the chat shows it */
  active: z.boolean(),
  created_at: z.string(),
});
export type ChatBranch = z.infer<typeof ChatBranch>;

/** One branch with its lines, oldest first (the JSON export "with its branches"). */
export const ChatBranchLines = ChatBranch.extend({
  /** the branch's messages as the thread would show them (a fork holds its own copy of the lines before it) */
  lines: z.array(ChatMessage),
});
export type ChatBranchLines = z.infer<typeof ChatBranchLines>;
