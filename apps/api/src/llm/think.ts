// Some servers (llama.cpp, Ollama with reasoning models) put the reasoning inside the content as
// `<think>…</think>`. This splits it off as the stream arrives, even when a tag is cut across chunks.

const OPEN = "<think>";
const CLOSE = "</think>";

/** Splits streamed content into reasoning (inside <think>…</think>) and reply text. */
export class ThinkSplitter {
  private inside = false;
  private held = "";
  /** whether anything but whitespace has been seen: a <think> is only honoured at the start */
  private seenText = false;

  /** Feeds a content delta; returns what can be shown now. */
  push(delta: string): { text: string; reasoning: string } {
    let buf = this.held + delta;
    this.held = "";
    let text = "";
    let reasoning = "";
    while (buf) {
      if (!this.inside) {
        if (this.seenText) {
          text += buf;
          break;
        }
        const trimmed = buf.trimStart();
        if (trimmed.startsWith(OPEN)) {
          this.inside = true;
          buf = trimmed.slice(OPEN.length);
          continue;
        }
        if (OPEN.startsWith(trimmed)) {
          // maybe the start of "<think>": wait for more
          this.held = buf;
          break;
        }
        this.seenText = true;
        text += buf;
        break;
      }
      const end = buf.indexOf(CLOSE);
      if (end >= 0) {
        reasoning += buf.slice(0, end);
        buf = buf.slice(end + CLOSE.length).replace(/^\s+/, "");
        this.inside = false;
        this.seenText = true;
        if (!buf) break;
        continue;
      }
      // keep a possible partial "</think>" at the end for the next delta
      let keep = 0;
      for (let k = Math.min(CLOSE.length - 1, buf.length); k > 0; k--) {
        if (CLOSE.startsWith(buf.slice(-k))) {
          keep = k;
          break;
        }
      }
      reasoning += buf.slice(0, buf.length - keep);
      this.held = buf.slice(buf.length - keep);
      break;
    }
    return { text, reasoning };
  }

  /** Flushes what was held back at the end of the stream. */
  end(): { text: string; reasoning: string } {
    const rest = this.held;
    this.held = "";
    return this.inside ? { text: "", reasoning: rest } : { text: rest, reasoning: "" };
  }
}
