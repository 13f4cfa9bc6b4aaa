// Read aloud through the API's speech server (issue 45): the local model peer is the API's
// TTS_BASE_URL too (playwright.ai.config.ts) and answers real MP3 (silent frames, a quarter second
// a word). "Read aloud" sends the reply's sentences to it (role-play marks dropped, in order, in the
// character's voice) and Chromium plays the answer as it arrives; "Stop reading" ends it; a reading
// left alone ends with its audio. A speech server failing on a later sentence ends the reading after
// what arrived; failing before any audio, in a browser without voices of its own, the player sees the
// API's words (roleplay-text.e2e.ts: with voices, the browser reads instead). One test of each per
// brand, on phone and desktop. Chromium here takes audio/mpeg through Media Source Extensions; a
// browser without them (MediaSource taken away) plays the whole answer once it is in.
import { expect, test, type Page } from "../support/test";
import { brandSites } from "../support/brands";
import { anyViewport } from "../support/checks";
import { modelPeerUrl } from "../support/env";
import { ACTOR, STORY, messageBox, peerDefaults, pressReplyAction, resetPeer, storedReply } from "../support/chat-peer";
import { noBrowserSpeech } from "../support/speech-stub";

const REPLY = '*taps the map* "Cabin seven is the one," she whispers. **Listen.** The rain will cover us.';
/** Text the stored reply shows (its marks set as emphasis), to find it by. */
const SHOWN = "she whispers";
const SENTENCES = ['taps the map "Cabin seven is the one," she whispers.', "Listen.", "The rain will cover us."];
/** playwright.ai.config.ts's TTS_VOICE: the seeded characters have no voice of their own. */
const VOICE = "nova";
/** Seconds of audio the peer makes of each sentence: 250 ms a word, in whole 36 ms frames. */
const SECONDS = SENTENCES.map((s) => (Math.ceil((s.split(/\s+/).length * 250) / 36) * 36) / 1000);

const peerBase = modelPeerUrl.replace(/\/v1$/, "");

interface PeerRecord {
  id: number;
  path: string;
  outcome: string;
  body: { model?: string; input?: string; voice?: string; response_format?: string };
}

/** The speech requests the peer received after request `since`. */
async function speechAsked(since: number): Promise<PeerRecord[]> {
  const { requests } = (await (await fetch(`${peerBase}/_peer/requests`)).json()) as { requests: PeerRecord[] };
  return requests.filter((r) => r.id > since && r.path === "/v1/audio/speech");
}

/** The id of the peer's last request so far (what came after it is this step's). */
async function lastRequestId(): Promise<number> {
  const { requests } = (await (await fetch(`${peerBase}/_peer/requests`)).json()) as { requests: PeerRecord[] };
  return requests.at(-1)?.id ?? 0;
}

/** How the peer answers speech from now on ({} = audio for every sentence). */
async function peerSpeech(speech: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${peerBase}/_peer/speech`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ speech }) });
  expect(res.ok).toBe(true);
}

/**
 * Watches the page's media (not a hook of the app: Chromium's own objects, observed): every element
 * that is asked to play, and what each object URL was made of (a MediaSource, or a Blob's type).
 */
async function watchMedia(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __media: HTMLMediaElement[]; __objectUrls: string[] };
    w.__media = [];
    w.__objectUrls = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!w.__media.includes(this)) w.__media.push(this);
      return play.call(this);
    };
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      w.__objectUrls.push(typeof MediaSource !== "undefined" && obj instanceof MediaSource ? "MediaSource" : `Blob ${(obj as Blob).type}`);
      return createObjectURL(obj);
    };
  });
}

/** The state of the `n`th element asked to play. */
const media = (page: Page, n: number) =>
  page.evaluate((i) => {
    const m = (window as unknown as { __media: HTMLMediaElement[] }).__media[i];
    return m ? { currentTime: m.currentTime, duration: m.duration, paused: m.paused, ended: m.ended, error: m.error?.code ?? null } : null;
  }, n);

/** Opens the chat and has the character answer REPLY; resolves once the page knows the API reads aloud. */
async function openWithReply(page: Page, baseURL: string): Promise<void> {
  // The page asks once whether the API has a speech server; until it knows, the browser would read.
  const probed = page.waitForResponse((r) => r.url().endsWith("/chat/message.speech") && r.request().method() === "GET");
  await page.goto(`${baseURL}/chat/${STORY}/${ACTOR}`);
  await expect(messageBox(page)).toBeEnabled();
  expect(await ((await probed).json() as Promise<{ data: { available: boolean } }>)).toMatchObject({ data: { available: true } });
  await peerDefaults({ tokenDelayMs: 0, content: REPLY, toolCall: null });
  await messageBox(page).fill("Which cabin, Juno?");
  await messageBox(page).press("Enter");
  await expect(storedReply(page, SHOWN)).toBeVisible({ timeout: 20_000 });
  await expect(messageBox(page)).toBeEnabled();
}

test.afterEach(async () => {
  await peerSpeech({});
  await resetPeer();
});

for (const brand of brandSites) {
  test(`${brand.name}: a reply is read through the API's speech server, played in Chromium, stopped, and played to its end`, async ({ page }) => {
    await watchMedia(page);
    await openWithReply(page, brand.baseURL);
    const reply = storedReply(page, SHOWN);
    const since = await lastRequestId();

    // 1. From the keyboard: the button says it is reading at once, then that the audio plays.
    await pressReplyAction(page, SHOWN, "Read aloud");
    const stop = reply.getByRole("button", { name: "Stop reading" });
    await expect(stop).toHaveAttribute("aria-pressed", "true");
    await expect(stop).toHaveAttribute("data-reading", "playing");

    // 2. The speech server was asked for each sentence, in order, without the role-play marks, in the voice.
    await expect.poll(async () => (await speechAsked(since)).map((r) => r.body.input)).toEqual(SENTENCES);
    const asked = await speechAsked(since);
    expect(asked.map((r) => [r.body.voice, r.body.model, r.body.response_format, r.outcome])).toEqual(SENTENCES.map(() => [VOICE, "storyloom-peer-tts", "mp3", "completed"]));

    // 3. Chromium really plays it: the position advances, and the stream holds the three sentences.
    const playback = await page.evaluate(() => ({
      mse: typeof MediaSource !== "undefined" && MediaSource.isTypeSupported("audio/mpeg"),
      urls: (window as unknown as { __objectUrls: string[] }).__objectUrls,
    }));
    test.info().annotations.push({ type: "playback", description: `${playback.mse ? "Media Source Extensions" : "whole answer"}: ${playback.urls.join(", ")}` });
    expect(playback.urls).toEqual([playback.mse ? "MediaSource" : expect.stringMatching(/^Blob/)]);
    await expect.poll(async () => (await media(page, 0))?.currentTime ?? 0).toBeGreaterThan(0.2);
    await expect.poll(async () => (await media(page, 0))?.duration ?? 0).toBeGreaterThan(SECONDS.reduce((a, b) => a + b) - 0.1);
    const heard = await media(page, 0);
    expect(heard).toMatchObject({ paused: false, ended: false, error: null });
    expect(heard!.duration).toBeLessThan(SECONDS.reduce((a, b) => a + b) + 0.2);

    // 4. "Stop reading" ends it: the audio pauses where it was, the button reads "Read aloud" again.
    await pressReplyAction(page, SHOWN, "Stop reading");
    const read = reply.getByRole("button", { name: "Read aloud" });
    await expect(read).toHaveAttribute("aria-pressed", "false");
    await expect(read).not.toHaveAttribute("data-reading");
    const stopped = await media(page, 0);
    expect(stopped).toMatchObject({ paused: true, ended: false });
    expect(stopped!.currentTime).toBeLessThan(stopped!.duration);

    // 5. Read again and left alone, it plays to its end and the button comes back by itself.
    await pressReplyAction(page, SHOWN, "Read aloud");
    await expect(reply.getByRole("button", { name: "Stop reading" })).toHaveAttribute("data-reading", "playing");
    await expect(read).toHaveAttribute("aria-pressed", "false", { timeout: 20_000 });
    expect(await media(page, 1)).toMatchObject({ ended: true, error: null });
    await expect(reply.getByRole("alert")).toHaveCount(0);
    await expect(reply.getByRole("status")).toHaveCount(0);
  });

  test(`${brand.name}: a failing speech server ends the reading with what arrived, or shows the API's words, and nothing hangs`, async ({ page }) => {
    await watchMedia(page);
    // A browser without voices of its own: nothing to fall back to (roleplay-text.e2e.ts has voices).
    await noBrowserSpeech(page);
    await openWithReply(page, brand.baseURL);
    expect(await page.evaluate(() => typeof window.SpeechSynthesisUtterance)).toBe("undefined");
    const reply = storedReply(page, SHOWN);
    const read = reply.getByRole("button", { name: "Read aloud" });

    // 1. The second sentence fails: the first plays to its end, then the reading ends by itself. The
    // server takes a moment to make each sentence, as a real one does: the API cuts its answer when the
    // second fails, and a failing fetch stream drops what the page had not read yet.
    await peerSpeech({ failOn: "Listen", delayMs: 300 });
    let since = await lastRequestId();
    await pressReplyAction(page, SHOWN, "Read aloud");
    await expect(reply.getByRole("button", { name: "Stop reading" })).toHaveAttribute("data-reading", "playing");
    await expect(read).toHaveAttribute("aria-pressed", "false", { timeout: 20_000 });
    expect((await speechAsked(since)).map((r) => [r.body.input, r.outcome])).toEqual([
      [SENTENCES[0], "completed"],
      [SENTENCES[1], "failed"],
    ]);
    const cut = await media(page, 0);
    expect(cut).toMatchObject({ ended: true, error: null });
    expect(cut!.duration).toBeGreaterThan(SECONDS[0]! - 0.1);
    expect(cut!.duration).toBeLessThan(SECONDS[0]! + 0.2);

    // 2. The speech server fails before any audio: the API's words, as an alert; the button is back at once.
    await peerSpeech({ status: 500 });
    since = await lastRequestId();
    await pressReplyAction(page, SHOWN, "Read aloud");
    await expect(reply.getByRole("alert")).toHaveText("The speech server could not read this reply (it answered 500); try again, or read it yourself");
    await expect(read).toHaveAttribute("aria-pressed", "false");
    expect((await speechAsked(since)).map((r) => [r.body.input, r.outcome])).toEqual([[SENTENCES[0], "failed"]]);
    expect(await media(page, 1)).toBeNull();

    // 3. Once the server is back, the next reading plays, and the old alert is gone.
    await peerSpeech({});
    await pressReplyAction(page, SHOWN, "Read aloud");
    await expect(reply.getByRole("button", { name: "Stop reading" })).toHaveAttribute("data-reading", "playing");
    await expect(reply.getByRole("alert")).toHaveCount(0);
    await pressReplyAction(page, SHOWN, "Stop reading");
    await expect(read).toHaveAttribute("aria-pressed", "false");
  });

  test(`${brand.name}: without Media Source Extensions the whole answer plays once it is in, and ends`, anyViewport, async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as unknown as { MediaSource?: unknown }).MediaSource;
      delete (window as unknown as { ManagedMediaSource?: unknown }).ManagedMediaSource;
    });
    await watchMedia(page);
    await openWithReply(page, brand.baseURL);
    expect(await page.evaluate(() => typeof window.MediaSource)).toBe("undefined");
    const reply = storedReply(page, SHOWN);
    const since = await lastRequestId();

    await pressReplyAction(page, SHOWN, "Read aloud");
    await expect(reply.getByRole("button", { name: "Stop reading" })).toHaveAttribute("data-reading", "playing");
    expect((await speechAsked(since)).map((r) => r.body.input)).toEqual(SENTENCES);
    expect(await page.evaluate(() => (window as unknown as { __objectUrls: string[] }).__objectUrls)).toEqual(["Blob audio/mpeg"]);
    await expect.poll(async () => (await media(page, 0))?.currentTime ?? 0).toBeGreaterThan(0.2);
    const heard = await media(page, 0);
    expect(heard!.duration).toBeGreaterThan(SECONDS.reduce((a, b) => a + b) - 0.1);
    expect(heard!.duration).toBeLessThan(SECONDS.reduce((a, b) => a + b) + 0.2);
    await expect(reply.getByRole("button", { name: "Read aloud" })).toHaveAttribute("aria-pressed", "false", { timeout: 20_000 });
    expect(await media(page, 0)).toMatchObject({ ended: true, error: null });
  });
}
