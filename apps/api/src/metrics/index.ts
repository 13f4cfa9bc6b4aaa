import type { FastifyInstance } from "fastify";
import type { DbHandle } from "@storyloom/db";
import type { Config } from "../config";
import { instanceMetrics } from "./instance";
import { metricsRoute, observeRequests, serveMetrics } from "./serve";

/**
 * Exports the API's metrics as configured: on METRICS_PORT (its own server, closed with the app)
 * and/or at /metrics on the API's port behind METRICS_TOKEN; neither set, nothing is served and no
 * request is timed. Call before the app listens (it adds a hook and a route). Answers the metrics
 * server's address, or null when there is none.
 */
export async function startMetrics(config: Config, handle: DbHandle, app: FastifyInstance): Promise<string | null> {
  if (config.METRICS_PORT === undefined && !config.METRICS_TOKEN) return null;
  const metrics = instanceMetrics(handle, app.log);
  observeRequests(app);
  if (config.METRICS_TOKEN) metricsRoute(app, metrics, config.METRICS_TOKEN);
  if (config.METRICS_PORT === undefined) return null;
  const server = await serveMetrics({ host: config.METRICS_HOST ?? config.HOST, port: config.METRICS_PORT, token: config.METRICS_TOKEN }, metrics, app.log);
  app.addHook("onClose", () => server.close());
  app.log.info(`metrics at ${server.url}/metrics`);
  return server.url;
}
