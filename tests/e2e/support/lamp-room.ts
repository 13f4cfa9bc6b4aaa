// The small ink story the editor specs write (specs/story-editor.e2e.ts, specs-ai/story-cowrite.e2e.ts):
// an opening with two choices, `top` written, `cellar` diverted to but left to each spec.

/** The opening and the `top` knot; `cellar` is diverted to but not written, so this alone does not compile. */
export const LAMP_ROOM_OPENING = `The lamp room hums.
# speaker: Wren
"Up to the light, or down to the cellar?"
* [Climb to the lamp] -> top
* [Go down to the cellar] -> cellar

== top ==
Stars, everywhere, and the sea asleep under them.
-> END
`;
