import type { Db } from "@storyloom/db";
import { flaggedMessages } from "@storyloom/db";
import type { Config } from "../config";
import { ApiError } from "../errors";
import { hitRateLimits, type LeaseRateLimit } from "../services/chatLease";
import { ModerationClient, moderationInputs, moderationSettings } from "./client";

const RATE_MESSAGE = "Too many messages checked in a minute; wait a moment";

/**
 * The optional check of a player's typed words (MODERATE_MESSAGES) before anything is held or the
 * model is asked. A flagged message is refused and counted (its categories only, never its text);
 * an endpoint that fails lets the message through: the check must not take chat down with it.
 */
export class MessageScreen {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly client: ModerationClient,
  ) {}

  /** Each check is a call a stranger can make: counted per player and per address, like model calls. */
  private rates(userId: number, address: string | undefined): LeaseRateLimit[] {
    const { LLM_RATE_PER_MINUTE, LLM_RATE_PER_IP_PER_MINUTE } = this.config;
    return [
      { key: `moderate:user:${userId}`, limit: LLM_RATE_PER_MINUTE, windowS: 60, message: RATE_MESSAGE },
      ...(address ? [{ key: `moderate:ip:${address}`, limit: LLM_RATE_PER_IP_PER_MINUTE, windowS: 60, message: RATE_MESSAGE }] : []),
    ];
  }

  /** Refuses a flagged message with 400 VALIDATION_ERROR naming its categories (after recording it); anything else passes. */
  async check(userId: number, storyId: string, address: string | undefined, content: string): Promise<void> {
    await hitRateLimits(this.db, this.rates(userId, address));
    const verdict = await this.client.check(moderationInputs([content], [], this.client.settings.maxChars));
    if (verdict.status !== "flagged") return;
    await this.db.insert(flaggedMessages).values({ userId, storyId, categories: verdict.categories });
    const message = `Your message was not sent: it breaks the content rules (${verdict.categories.join(", ")}). Nothing was charged; rephrase it and try again.`;
    throw new ApiError("VALIDATION_ERROR", message, { fields: [{ path: "content", message: "breaks the content rules" }], categories: verdict.categories });
  }
}

/** The message check of this configuration: null unless MODERATE_MESSAGES is on and an endpoint is configured. */
export function messageScreen(db: Db, config: Config): MessageScreen | null {
  const settings = moderationSettings(config);
  if (!config.MODERATE_MESSAGES || !settings) return null;
  return new MessageScreen(db, config, new ModerationClient(settings));
}
