import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";

/** Registers the routes of the catalogue, engagement, ledger, payments and chat areas. */
export function registerDomainRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
