"use client";
// Moderation's play-through: the submitted script compiled in the browser and played in the ink
// preview the story editor uses, so staff meet the story as a player would before deciding. This
// module and the compiler load only when a moderator opens it (see moderation.tsx).
import { InkPreview } from "@storyloom/ui/ink-preview";
import { dangerText } from "@storyloom/ui";
import { useEffect, useState } from "react";
import { playableScript, type PlayableScript } from "./play-through-logic";

type Compiled = { state: "compiling" } | { state: "unavailable" } | ({ state: "done" } & PlayableScript);

/** Compiles `script` once the compiler has loaded (a failed load is said, not thrown). */
function useCompiled(script: string): Compiled {
  const [compiled, setCompiled] = useState<Compiled>({ state: "compiling" });
  useEffect(() => {
    let live = true;
    setCompiled({ state: "compiling" });
    import("@storyloom/story-script").then(
      (m) => live && setCompiled({ state: "done", ...playableScript(m.compileScript(script)) }),
      () => live && setCompiled({ state: "unavailable" }),
    );
    return () => {
      live = false;
    };
  }, [script]);
  return compiled;
}

/** The submitted script, played from its start; compile errors are listed with their lines. */
export function PlayThrough({ script }: { script: string }) {
  const compiled = useCompiled(script);
  if (compiled.state === "compiling") {
    return (
      <p role="status" className="text-sm text-muted">
        Compiling the script…
      </p>
    );
  }
  if (compiled.state === "unavailable") {
    return (
      <p role="alert" className={`text-sm ${dangerText}`}>
        The ink compiler could not be loaded. Check the connection and open the play-through again.
      </p>
    );
  }
  if (!compiled.ok) {
    return (
      <div role="alert" className={`text-sm ${dangerText}`}>
        <p className="font-semibold">The script does not compile, so it cannot be played:</p>
        <ul className="mt-1 list-disc pl-5">
          {compiled.errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      </div>
    );
  }
  return <InkPreview json={compiled.json} />;
}
