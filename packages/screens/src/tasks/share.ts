// Sharing a story link: the Web Share API where the device has it, else a copy to the clipboard.

/** How the link left the page, in the share-game task's channel words. */
export type ShareOutcome = { shared: true; channel: "other" | "link" } | { shared: false; reason: "cancelled" | "unsupported" };

/** Copies text; false when the clipboard is unavailable (insecure origin, denied permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shares a link: the native share sheet first; if the device has none, the link is copied. A
 * dismissed share sheet is not a share, so it does not count towards the task.
 */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      return { shared: true, channel: "other" };
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return { shared: false, reason: "cancelled" };
      // Any other failure (e.g. not allowed in this frame): fall through to copying.
    }
  }
  return (await copyText(data.url)) ? { shared: true, channel: "link" } : { shared: false, reason: "unsupported" };
}
