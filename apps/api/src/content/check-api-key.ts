import { API_KEY_HEADER, AppError, ErrorCode } from "@obmen/contracts";
import type { FastifyRequest } from "fastify";
import type { ApiClient, ApiClientLookup } from "../http/api-clients.ts";

/** Longer than any key we issue; refused before it reaches the lookup (and its cache). */
const MAX_KEY_LENGTH = 200;

/**
 * `/content/*` calls name their API client by its public key in `X-Api-Key` (spec §7): the
 * texts are public, so no signature is asked, but only registered, active clients are served.
 */
export async function checkApiKey(
  request: FastifyRequest,
  clients: ApiClientLookup,
): Promise<ApiClient> {
  const key = request.headers[API_KEY_HEADER];
  if (typeof key !== "string" || key === "" || key.length > MAX_KEY_LENGTH) {
    throw new AppError(ErrorCode.UNKNOWN_CLIENT);
  }
  const client = await clients(key);
  if (!client) throw new AppError(ErrorCode.UNKNOWN_CLIENT);
  return client;
}
