import extractChunks from "png-chunks-extract";
import encodeChunks from "png-chunks-encode";
import pngText from "png-chunk-text";
import { CARD_LIMITS } from "@storyloom/contract";
import { ApiError } from "../errors";

// A PNG character card is a picture with the card's JSON in a tEXt chunk, base64-encoded: `ccv3`
// (Character Card V3) and/or `chara` (V2, which V3 apps also write for older ones). Reading one is
// reading untrusted bytes, so the chunk walk is bounded before the chunk library allocates anything
// and every failure is a 4xx naming what is wrong with the file.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the bytes start like a PNG. */
export const isPng = (bytes: Uint8Array) => bytes.length >= SIGNATURE.length && SIGNATURE.equals(Buffer.from(bytes.buffer, bytes.byteOffset, SIGNATURE.length));

const damaged = (why: string) => new ApiError("VALIDATION_ERROR", `The PNG is damaged: ${why}`, { fields: [{ path: "body", message: `damaged PNG: ${why}` }] });
const refuse = (message: string) => new ApiError("VALIDATION_ERROR", message, { fields: [{ path: "body", message }] });
/** The card's JSON past CARD_LIMITS.jsonBytes: 413, like the upload limit. */
export const cardTooLarge = () => new ApiError("PAYLOAD_TOO_LARGE", `The card's data is larger than ${CARD_LIMITS.jsonBytes / (1024 * 1024)} MB`);

/**
 * Checks that every chunk's declared length fits in the file (a lying length would have the chunk
 * library allocate up to 4 GB) and that the file ends with IEND.
 */
function checkChunkLengths(bytes: Buffer): void {
  let at = SIGNATURE.length;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw damaged("it ends inside a chunk header");
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (length > bytes.length - at - 12) throw damaged(`its ${JSON.stringify(type)} chunk is longer than the file`);
    if (type === "IEND") return;
    at += 12 + length;
  }
  throw damaged("it has no IEND chunk");
}

/** The card JSON text in a PNG card: its `ccv3` chunk, else its `chara` chunk (base64, decoded). */
export function cardTextOfPng(bytes: Buffer): string {
  if (!isPng(bytes)) throw refuse("This file is not a PNG");
  checkChunkLengths(bytes);
  let chunks: { name: string; data: Uint8Array }[];
  try {
    chunks = extractChunks(bytes);
  } catch (err) {
    throw damaged(err instanceof Error ? err.message.replace(/^Invalid \.png file header.*$/, "bad header") : "unreadable");
  }
  const texts = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.name !== "tEXt") continue;
    let decoded: { keyword: string; text: string };
    try {
      decoded = pngText.decode(chunk.data);
    } catch {
      throw damaged("a text chunk has no keyword");
    }
    const keyword = decoded.keyword.toLowerCase();
    if ((keyword === "ccv3" || keyword === "chara") && !texts.has(keyword)) texts.set(keyword, decoded.text);
  }
  const encoded = texts.get("ccv3") ?? texts.get("chara");
  if (encoded === undefined) throw refuse("This PNG has no character card in it (no ccv3 or chara text chunk)");
  const compact = encoded.replace(/\s+/g, "");
  // base64 is 4 characters per 3 bytes: checked before decoding anything.
  if (Math.floor((compact.length * 3) / 4) > CARD_LIMITS.jsonBytes + 2) throw cardTooLarge();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw refuse("The PNG's card chunk is not base64 text");
  const json = Buffer.from(compact, "base64");
  if (json.length > CARD_LIMITS.jsonBytes) throw cardTooLarge();
  return json.toString("utf8");
}

/**
 * The PNG `image` (a PNG file) with the card written into it: a `ccv3` chunk with `v3`, and a `chara`
 * chunk with `v2` for apps that read only V2, before IEND. Text chunks of an earlier card are dropped.
 */
export function pngWithCard(image: Buffer, v3: unknown, v2: unknown): Buffer {
  const chunks = extractChunks(image).filter((c) => !(c.name === "tEXt" && /^(ccv3|chara)\0/i.test(Buffer.from(c.data.subarray(0, 6)).toString("latin1"))));
  const end = chunks.findIndex((c) => c.name === "IEND");
  const text = (keyword: string, card: unknown) => pngText.encode(keyword, Buffer.from(JSON.stringify(card), "utf8").toString("base64"));
  chunks.splice(end, 0, text("chara", v2), text("ccv3", v3));
  return Buffer.from(encodeChunks(chunks));
}
