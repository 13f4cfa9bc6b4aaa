import { afterAll, describe, expect, it } from "vitest";
import { InkPool, OVERRUN } from "../src/services/inkPool";
import type { InkAnswer } from "../src/services/inkWorker";

// A knot that spins `spins` times between two lines: each line stays far under the ink guard's step
// budget, yet takes a long while to tell (ink is slow at diverting back into a gather).
const spinning = (spins: number, lines: number) => `VAR told = 0
-> hall
=== hall ===
~ temp i = 0
- (spin)
~ i = i + 1
{ i < ${spins}: -> spin }
~ told = told + 1
Echo {told}.
{ told < ${lines}: -> hall }
* [Leave] -> END
`;
const cap = { lines: 500, chars: 20_000 };
const turnOf = (a: InkAnswer) => {
  if (!a.ok || !("turn" in a)) throw new Error(`expected a turn, got ${JSON.stringify(a)}`);
  return a.turn!;
};

describe("the ink pool", () => {
  const pool = new InkPool({ threads: 1, killGraceMs: 2000 });
  afterAll(() => pool.close());

  it("plays a turn on a worker thread and resumes from its state", async () => {
    const start = turnOf(await pool.run({ kind: "start", script: spinning(2, 3), deadlineMs: 5000, cap }));
    expect(start.lines).toEqual(["Echo 1.", "Echo 2.", "Echo 3."]);
    expect(start.choices).toEqual([{ index: 0, text: "Leave" }]);
    const next = turnOf(await pool.run({ kind: "choose", script: spinning(2, 3), state: start.state, choice: 0, deadlineMs: 5000, cap }));
    expect(next.ended).toBe(true);
    expect(await pool.run({ kind: "choose", script: spinning(2, 3), state: start.state, choice: 7, deadlineMs: 5000, cap })).toMatchObject({ ok: true, turn: null });
  });

  it("compiles a script on a worker thread: the errors with their lines, none for a good one", async () => {
    const broken = await pool.run({ kind: "compile", script: "Wren waits.\n-> sand\n", deadlineMs: 5000 });
    expect(broken).toMatchObject({ ok: true, errors: [expect.objectContaining({ line: 2, message: expect.stringMatching(/sand/) })] });
    expect(await pool.run({ kind: "compile", script: spinning(2, 3), deadlineMs: 5000 })).toMatchObject({ ok: true, errors: [] });
  });

  it("stops a turn that runs past its deadline, measured in the worker", async () => {
    const answer = await pool.run({ kind: "start", script: spinning(2000, 400), deadlineMs: 100, cap });
    expect(answer).toMatchObject({ ok: false, timed: true, runaway: expect.stringMatching(/runs on without a choice or an ending/) });
    // Stopped by the guard inside the worker: the worker lives on.
    expect(pool.threadIds()).toContain(answer.thread);
  });

  it("stops a turn that tells more than its output cap", async () => {
    const lines = await pool.run({ kind: "start", script: spinning(1, 12), deadlineMs: 5000, cap: { lines: 10, chars: 20_000 } });
    expect(lines).toMatchObject({ ok: false, timed: false, runaway: expect.stringMatching(/more than 10 lines or 20000 characters/) });
    const chars = await pool.run({ kind: "start", script: spinning(1, 12), deadlineMs: 5000, cap: { lines: 500, chars: 40 } });
    expect(chars).toMatchObject({ ok: false, timed: false, runaway: expect.stringMatching(/more than 500 lines or 40 characters/) });
    expect(turnOf(await pool.run({ kind: "start", script: spinning(1, 12), deadlineMs: 5000, cap: { lines: 12, chars: 200 } })).lines).toHaveLength(12);
  });

  it("checks a script, reporting one that runs on instead of hanging", async () => {
    const walk = { maxTurns: 40, maxStates: 5000, plays: 40 };
    const fine = await pool.run({ kind: "check", script: spinning(2, 3), deadlineMs: 4000, walk });
    expect(fine).toMatchObject({ ok: true, check: { problems: [], opening: expect.stringContaining("Echo 1.") } });
    const slow = await pool.run({ kind: "check", script: spinning(2000, 400), deadlineMs: 200, walk });
    expect(slow).toMatchObject({ ok: false, runaway: expect.stringMatching(/runs on/) });
  });
});

describe("a worker that overruns", () => {
  // No grace past the deadline: compiling a large script (which the ink guard does not bound) overruns.
  const pool = new InkPool({ threads: 1, killGraceMs: 1 });
  afterAll(() => pool.close());
  const big = `${Array.from({ length: 3000 }, (_, i) => `=== k${i} ===\nLine ${i}.\n* [On] -> k${i + 1}\n`).join("")}=== k3000 ===\nThe end.\n-> END\n`;

  it("is terminated and replaced by the pool", async () => {
    const warm = turnOf(await pool.run({ kind: "start", script: "Hello.\n-> END\n", deadlineMs: 5000, cap }));
    expect(warm.lines).toEqual(["Hello."]);
    const before = pool.threadIds();
    expect(before).toHaveLength(1);
    const answer = await pool.run({ kind: "start", script: big, deadlineMs: 1, cap });
    expect(answer).toEqual({ ok: false, runaway: OVERRUN, timed: true, thread: -1 });
    // The next task runs on a new worker.
    const after = await pool.run({ kind: "start", script: "Hello again.\n-> END\n", deadlineMs: 5000, cap });
    expect(turnOf(after).lines).toEqual(["Hello again."]);
    expect(before).not.toContain(after.thread);
  });
});
