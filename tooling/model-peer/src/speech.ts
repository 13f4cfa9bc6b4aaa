// Speech for `POST /v1/audio/speech`: real, decodable MP3 made here (no fixture): silent MPEG-1
// Layer III frames, mono, 32 kHz at 32 kbit/s, so each frame is exactly 144 bytes and 1152 samples
// (36 ms) long. A frame whose side information is all zero carries no spectral data: every decoder
// plays it as silence. Frames stand alone, so answers joined one after another are one stream.

/** Milliseconds of audio in one frame (1152 samples at 32 kHz). */
export const FRAME_MS = 36;
/** Bytes of one frame: 144 × bitrate / sample rate, no padding. */
export const FRAME_BYTES = 144;
/**
 * The frame header: sync, MPEG-1, Layer III, no CRC (0xFF 0xFB); bitrate index 1 (32 kbit/s),
 * sample rate index 2 (32 kHz), no padding (0x18); mono, not copyrighted, original (0xC4).
 */
const HEADER = [0xff, 0xfb, 0x18, 0xc4] as const;

/** `durationMs` (at least one frame) of silent MP3: whole frames, rounded up. */
export function silentMp3(durationMs: number): Buffer {
  const frames = Math.max(1, Math.ceil(durationMs / FRAME_MS));
  const out = Buffer.alloc(frames * FRAME_BYTES);
  for (let i = 0; i < frames; i++) out.set(HEADER, i * FRAME_BYTES);
  return out;
}

/** How long the peer's voice takes to say `input`: `msPerWord` for each word, at least one frame. */
export function speechMs(input: string, msPerWord: number): number {
  const words = input.split(/\s+/).filter(Boolean).length;
  return Math.max(FRAME_MS, words * msPerWord);
}

/** The frames of an MP3 stream, parsed from their headers (what a player would find in it). */
export function mp3Frames(bytes: Uint8Array): { frames: number; durationMs: number; sampleRate: number; bitrate: number } {
  const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const RATES = [44100, 48000, 32000];
  let at = 0;
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  let bitrate = 0;
  while (at + 4 <= bytes.length) {
    const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
    // MPEG-1 Layer III: 11 sync bits, version 11, layer 01.
    if (b0 !== 0xff || (b1 & 0xfe) !== 0xfa) throw new Error(`not an MPEG-1 Layer III frame at byte ${at}`);
    bitrate = BITRATES[b2 >> 4] ?? 0;
    sampleRate = RATES[(b2 >> 2) & 3] ?? 0;
    if (!bitrate || !sampleRate) throw new Error(`a frame header out of range at byte ${at}`);
    const length = Math.floor((144 * bitrate * 1000) / sampleRate) + ((b2 >> 1) & 1);
    if (at + length > bytes.length) throw new Error(`a frame cut short at byte ${at}`);
    at += length;
    frames++;
    samples += 1152;
  }
  if (at !== bytes.length) throw new Error("trailing bytes after the last frame");
  return { frames, durationMs: sampleRate ? (samples * 1000) / sampleRate : 0, sampleRate, bitrate };
}
