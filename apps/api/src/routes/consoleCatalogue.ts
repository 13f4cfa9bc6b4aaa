import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { route } from "../http";
import type { AuthedUser } from "../auth/session";
import { requireStaff } from "../services/audit";
import { privateNoStore } from "../services/publicRead";
import { catalogueCategories, catalogueList, editStory, featureStory, hideStory, moveStory, sortCategories, unfeatureStory } from "../services/console/catalogue";

/** The staff member calling: UNAUTHORIZED without a token, FORBIDDEN for anyone not staff. */
function staffOf(user: unknown): number {
  if (!user) throw new ApiError("UNAUTHORIZED", "Authentication required");
  return requireStaff(user as AuthedUser);
}

/**
 * The console's Catalogue under /api/v1/admin (staff): every story with its state, hide, feature,
 * category, seeded stories' metadata and the categories' order. Rating, unpublish and restore are #43's routes.
 */
export function consoleCatalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  route(app, ctx, "adminCatalogueList", async ({ user, input, reply }) => {
    staffOf(user);
    privateNoStore(reply);
    return catalogueList(db, input);
  });
  route(app, ctx, "adminCategoryList", async ({ user, reply }) => {
    staffOf(user);
    privateNoStore(reply);
    return catalogueCategories(db);
  });
  route(app, ctx, "adminStoryHide", async ({ user, input, reply }) => {
    const staffId = staffOf(user);
    privateNoStore(reply);
    return hideStory(db, staffId, input);
  });
  route(app, ctx, "adminCatalogueFeature", async ({ user, input, reply }) => {
    const staffId = staffOf(user);
    privateNoStore(reply);
    return featureStory(db, staffId, input);
  });
  route(app, ctx, "adminCatalogueUnfeature", async ({ user, input, reply }) => {
    const staffId = staffOf(user);
    privateNoStore(reply);
    return unfeatureStory(db, staffId, input);
  });
  route(app, ctx, "adminStoryCategory", async ({ user, input, reply }) => {
    const staffId = staffOf(user);
    privateNoStore(reply);
    return moveStory(db, staffId, input);
  });
  route(app, ctx, "adminStoryEdit", async ({ user, input, reply }) => {
    const staffId = staffOf(user);
    privateNoStore(reply);
    return editStory(db, staffId, input);
  });
  route(app, ctx, "adminCategorySort", async ({ user, input, reply }) => {
    const staffId = staffOf(user);
    privateNoStore(reply);
    return sortCategories(db, staffId, input);
  });
}
