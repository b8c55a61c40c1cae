import type { Transport } from "@obmen/contracts/sdk";
import type { FastifyInstance } from "fastify";

/**
 * In one process the web tier reaches the API without a socket: `inject` runs the same
 * routing, parsing and envelope checks as a network call, at a fraction of the cost.
 */
export function inProcessTransport(app: FastifyInstance): Transport {
  return async (request) => {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };
}
