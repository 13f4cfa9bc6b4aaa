// The bottom panel's frame, shared by the choice panel (choice-panel.tsx, loaded after the first
// load) and what stands in for it while it loads (chat-room.tsx), so the two sit in the same place.
// bottom-14: the mobile layout's tab bar (3.5rem) is sticky at the very bottom; the choices ride
// just above it instead of sliding underneath.

/** Position, border and padding of the bottom panel. */
export const panelFrame = "sticky bottom-14 z-20 border-t border-line px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]";

/** The bottom panel's surface in each tone. */
export const panelSurface = (tone: "plain" | "overlay" | undefined) => (tone === "overlay" ? "bg-black/70 text-white backdrop-blur" : "bg-surface");
