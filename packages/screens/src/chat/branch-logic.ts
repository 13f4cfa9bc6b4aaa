import type { ChatBranch } from "@storyloom/contract";

// Pure helpers of the branch view (issue 45): names, and the tree's layout.

/** A branch as the view shows it: its number (1 = the chat's first), its depth in the tree, its words. */
export interface BranchEntry {
  branch: ChatBranch;
  /** 1-based, in the order the branches were made */
  number: number;
  /** 0 for the first branch, its forks 1, theirs 2… */
  depth: number;
  /** what tells it apart: the line it departs with, or (the first branch) its newest line */
  title: string;
}

/** The branches in the order they were made, each with its number, depth and title. */
export function branchEntries(branches: readonly ChatBranch[]): BranchEntry[] {
  const byId = new Map(branches.map((b) => [b.id, b]));
  const depthOf = (b: ChatBranch): number => {
    let depth = 0;
    // Bounded by the list's length: a parent missing from the list (or a loop) ends the walk.
    for (let p = b.parent_id ? byId.get(b.parent_id) : undefined; p && depth < branches.length; p = p.parent_id ? byId.get(p.parent_id) : undefined) depth++;
    return depth;
  };
  return branches.map((branch, i) => ({
    branch,
    number: i + 1,
    depth: depthOf(branch),
    title: branch.line ?? "The first telling",
  }));
}

/** Where the tree draws each branch: one row per branch (in order), indented by depth. */
export function treeLayout(entries: readonly BranchEntry[], gap = { x: 36, y: 64 }): { id: string; x: number; y: number; parent: string | null }[] {
  return entries.map((e, i) => ({ id: e.branch.id, x: e.depth * gap.x, y: i * gap.y, parent: e.branch.parent_id }));
}
