import type { Story } from "inkjs/full";

// ink has no bound of its own: `== a ==\n-> a` spins inside a single Continue forever. A user's script
// must never hold the server, nor freeze the editor's tab when typed halfway through an edit. This
// module imports ink's types only, so a page can take the guard without the compiler's weight.

/** Thrown inside ink when a script runs on without stopping (see installInkGuard). */
export class InkRunaway extends Error {
  /**
   * @param byDeadline true when the wall-clock deadline stopped it, not the step budget: a verdict
   * that a busy machine can also produce, where the step budget's is the script's alone.
   */
  constructor(readonly byDeadline = false) {
    super("the story runs on without a choice or an ending: look for a knot that diverts back into itself");
  }
}

/** Ink instructions one Continue may run: a line of a real story takes hundreds at most. */
const MAX_STEPS_PER_CONTINUE = 200_000;
let steps = 0;
let deadline = 0;
const guarded = new WeakSet<object>();

/**
 * Bounds every Story of this ink module: each Continue gets a step budget (InkRunaway past it), and
 * withInkDeadline can add a deadline over many Continues. Safe to call more than once.
 */
export function installInkGuard(StoryClass: typeof Story): void {
  const proto = StoryClass.prototype as unknown as { Continue: (this: Story) => string | null; ContinueSingleStep: (this: Story) => boolean };
  if (guarded.has(proto)) return;
  guarded.add(proto);
  const continueOriginal = proto.Continue;
  const stepOriginal = proto.ContinueSingleStep;
  proto.Continue = function guardedContinue(this: Story) {
    if (deadline && Date.now() > deadline) throw new InkRunaway(true);
    steps = 0;
    return continueOriginal.call(this);
  };
  proto.ContinueSingleStep = function guardedStep(this: Story) {
    if (++steps > MAX_STEPS_PER_CONTINUE) throw new InkRunaway();
    if (deadline && (steps & 1023) === 0 && Date.now() > deadline) throw new InkRunaway(true);
    return stepOriginal.call(this);
  };
}

/** Runs `fn` with every guarded ink Continue inside it bounded by `ms` in total (InkRunaway after that). */
export function withInkDeadline<T>(ms: number, fn: () => T): T {
  deadline = Date.now() + ms;
  try {
    return fn();
  } finally {
    deadline = 0;
  }
}
