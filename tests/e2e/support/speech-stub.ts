// The browser's own speech synthesis, stubbed in the page: headless Chromium has no voices, so a
// spec that wants the browser to read records what it is asked to say instead (`window.__spoken`).
import type { Page } from "./test";

/** Replaces the page's speech synthesis with one that records what it is asked to say. */
export async function stubSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __spoken: string[]; speechSynthesis: unknown; SpeechSynthesisUtterance: unknown };
    w.__spoken = [];
    let current: EventTarget | null = null;
    const synth = {
      speaking: false,
      pending: false,
      paused: false,
      speak(u: EventTarget & { text: string }) {
        w.__spoken.push(u.text);
        current = u;
        this.speaking = true;
      },
      cancel() {
        const u = current;
        current = null;
        this.speaking = false;
        u?.dispatchEvent(new Event("end"));
      },
      pause() {},
      resume() {},
      getVoices: () => [],
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
    if (typeof w.SpeechSynthesisUtterance !== "function") {
      w.SpeechSynthesisUtterance = class extends EventTarget {
        lang = "";
        constructor(public text: string) {
          super();
        }
      };
    }
  });
}

/** What the stubbed synthesis was asked to say, in order. */
export const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);

/** Takes the browser's speech synthesis away: a browser without voices. */
export async function noBrowserSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (window as unknown as { speechSynthesis?: unknown }).speechSynthesis;
    delete (window as unknown as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
  });
}
