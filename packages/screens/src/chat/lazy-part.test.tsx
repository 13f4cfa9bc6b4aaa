import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyModule } from "./lazy-part";

const Loading = ({ name }: { name: string }) => <p>loading {name}</p>;
const Failed = ({ name, retry }: { name: string; retry: () => void }) => (
  <button type="button" onClick={retry}>
    {name} failed
  </button>
);
const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("lazyModule", () => {
  it("loads once however many times it is asked, and its parts render their loading state on the server even once loaded", async () => {
    let calls = 0;
    const mod = lazyModule(async () => {
      calls++;
      return { Hello };
    });
    const Part = mod.part((m) => m.Hello, Loading, Failed);
    expect(mod.state()).toBe("idle");
    expect(renderToString(<Part name="Juno" />)).toBe("<p>loading <!-- -->Juno</p>");
    mod.preload();
    mod.preload();
    expect(mod.state()).toBe("loading");
    await tick();
    mod.preload();
    expect(mod.state()).toBe("ready");
    expect(calls).toBe(1);
    // The server (and hydration) must draw what the server drew: the loading state, never the part.
    expect(renderToString(<Part name="Juno" />)).toBe("<p>loading <!-- -->Juno</p>");
  });

  it("a failed load can be started again", async () => {
    let calls = 0;
    const mod = lazyModule(async () => {
      calls++;
      if (calls === 1) throw new Error("offline");
      return { Hello };
    });
    mod.preload();
    await tick();
    expect(mod.state()).toBe("failed");
    mod.preload();
    expect(mod.state()).toBe("loading");
    await tick();
    expect(mod.state()).toBe("ready");
    expect(calls).toBe(2);
  });

  it("a part without a loading state renders nothing until loaded", () => {
    const mod = lazyModule(async () => ({ Hello }));
    const Part = mod.part((m) => m.Hello, null);
    expect(renderToString(<Part name="Juno" />)).toBe("");
  });
});
