import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { adminRoutes } from "./admin";
import { artRoutes } from "./art";
import { catalogueRoutes } from "./catalogue";
import { characterCardRoutes } from "./characterCards";
import { chatRoutes } from "./chat";
import { chatSpeechRoutes } from "./chatSpeech";
import { consoleRoutes } from "./console";
import { consoleOrderRoutes } from "./consoleOrders";
import { consoleCatalogueRoutes } from "./consoleCatalogue";
import { consoleDashboardRoutes } from "./consoleDashboard";
import { engagementRoutes } from "./engagement";
import { paymentRoutes } from "./payments";
import { privacyRoutes } from "./privacy";
import { rewardRoutes } from "./rewards";
import { safetyRoutes } from "./safety";
import { storyDraftRoutes } from "./storyDrafts";
import { storyVersionRoutes } from "./storyVersions";
import { trackingRoutes } from "./tracking";
import { unsubscribeRoutes } from "./unsubscribe";

/** Registers the routes of the catalogue, engagement, ledger, payments, chat, story editor, tracking, safety, privacy and staff areas. */
export function registerDomainRoutes(app: FastifyInstance, ctx: AppContext): void {
  artRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  engagementRoutes(app, ctx);
  unsubscribeRoutes(app, ctx);
  rewardRoutes(app, ctx);
  chatRoutes(app, ctx);
  chatSpeechRoutes(app, ctx);
  paymentRoutes(app, ctx);
  storyDraftRoutes(app, ctx);
  characterCardRoutes(app, ctx);
  storyVersionRoutes(app, ctx);
  trackingRoutes(app, ctx);
  safetyRoutes(app, ctx);
  privacyRoutes(app, ctx);
  adminRoutes(app, ctx);
  consoleRoutes(app, ctx);
  consoleOrderRoutes(app, ctx);
  consoleCatalogueRoutes(app, ctx);
  consoleDashboardRoutes(app, ctx);
}
