// The task screens' result lines, shared by every action.

/** A failed claim in words: the server's message, or a generic line for anything else. */
export function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : "Something went wrong, please try again.";
}

/** What a claim paid; a repeat call of a claimed task pays 0. */
export function rewardText(reward: number): string {
  return reward > 0 ? `+${reward} coins` : "Already claimed today";
}
