// Business constants of spec section 9 that both the server and the client need (no zod here:
// browsers import this file on its own).

/** The success code of every answer (spec section 7). */
export const OK = "0" as const;

/** Access token lifetime and cookie max-age: 7 days. */
export const ACCESS_TOKEN_TTL_S = 604_800;
/** Refresh token lifetime and cookie max-age: 30 days. */
export const REFRESH_TOKEN_TTL_S = 2_592_000;
/** User info cookie max-age: 7 days. */
export const USER_INFO_TTL_S = 604_800;
/** A verification code lives 10 minutes. */
export const CODE_TTL_S = 600;
/** One code per e-mail per 60 s. */
export const CODE_RESEND_S = 60;
/** Wrong attempts before a code dies. */
export const CODE_MAX_ATTEMPTS = 5;
/** Guest gender when none is known. */
export const GUEST_GENDER = "unknown";
/** Currency of every price. */
export const CURRENCY = "usd";

/** Story editor limits (the server enforces them; the editor shows them as the author types). */
export const STORY_LIMITS = {
  /** Characters of an ink script: room for a long story, not for a novel pasted in. */
  scriptChars: 60_000,
  titleChars: 80,
  hookChars: 300,
  tags: 8,
  tagChars: 24,
  characters: 6,
  nameChars: 40,
  personaChars: 2_000,
  greetingChars: 500,
  /** Drafts one person keeps (pitches included). */
  drafts: 50,
  /** The author's wish for a co-written suggestion ("Wren finds the key"): one short line. */
  cowriteNoteChars: 200,
  /** Characters of a co-written knot: a scene, not a chapter. */
  cowriteKnotChars: 4_000,
} as const;

/**
 * The ad-platform event id of an order's purchase: the browser pixel's copy and the server's
 * Conversions API copy carry the same one, so the platform counts the purchase once.
 */
export const purchaseEventId = (orderId: string) => `purchase_${orderId}`;

/** The fixed list of report reasons, in the order the report dialog shows them; the first jumps the review queue. */
export const REPORT_REASONS = ["minors", "non-consensual", "hate", "violence", "spam", "copyright", "other"] as const;
/** A report reason. */
export type ReportReasonId = (typeof REPORT_REASONS)[number];

/** What each report reason is called on screen. */
export const REPORT_REASON_LABELS: Record<ReportReasonId, string> = {
  minors: "Sexual content involving minors",
  "non-consensual": "Non-consensual sexual content",
  hate: "Hate or harassment",
  violence: "Violence or self-harm",
  spam: "Spam or scam",
  copyright: "Copyright infringement",
  other: "Something else",
};

/** Longest free text of a report, a rejection reason or a staff action's reason. */
export const SAFETY_TEXT_MAX = 1000;

/**
 * Character cards (Character Card V2/V3, issue 45): what an import may send and where the two calls
 * are. Not in the endpoint table: the import's body is the card file itself (PNG or JSON, not a JSON
 * envelope), and the export answers with the PNG.
 */
export const CARD_LIMITS = {
  /** the upload: a PNG card with its picture */
  uploadBytes: 8 * 1024 * 1024,
  /** the card's JSON (in its PNG text chunk, or sent as it is) */
  jsonBytes: 1024 * 1024,
  /** alternate greetings a card may carry */
  greetings: 20,
} as const;
export const CARD_IMPORT_PATH = "/api/v1/story-draft.import-card";
/** GET with `id` (the draft) and `character` (its index): the character as a V3 PNG card. */
export const CARD_EXPORT_PATH = "/api/v1/story-draft.export-card";

/**
 * Read aloud through the API's speech server (issue 45): an OpenAI-compatible /v1/audio/speech
 * server (TTS_BASE_URL). Not in the endpoint table: the answer is audio, not a JSON envelope.
 */
export const SPEECH_LIMITS = {
  /** the longest reply read aloud (one reply's text) */
  textChars: 4000,
  /** a character's voice name, as the speech server knows it */
  voiceChars: 40,
} as const;
/** GET: `{ available }` (whether the API has a speech server); POST `{ story_id, message_id }`: the reply as audio/mpeg, sentence after sentence. */
export const SPEECH_PATH = "/api/v1/actor/chat/message.speech";
