import { serverRead as apiServerRead, type ServerRead } from "@storyloom/api-client/server";
import type { EndpointData, EndpointInput, EndpointName } from "@storyloom/contract";
import { serverApiBase } from "../env";

export type { ServerRead };

/** Catalogue reads are shared by every visitor, so a short cache keeps pages fast and fresh enough. */
export const CATALOGUE_REVALIDATE_S = 30;
/** A public page must not hang on a slow API; past this it renders its error state instead. */
const TIMEOUT_MS = 5000;

/**
 * A public (optional-auth) read of the endpoint table from a server component, without a token,
 * cached for `revalidate` seconds. Never throws: pages turn failures into not-found or error states.
 */
export function serverRead<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
  revalidate = CATALOGUE_REVALIDATE_S,
): Promise<ServerRead<EndpointData<N>>> {
  return apiServerRead(name, input, { baseUrl: serverApiBase(), revalidate, timeoutMs: TIMEOUT_MS });
}
