import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What a proxy's request id may look like to be kept: the usual UUIDs and hex or base64-ish
 * trace ids. Anything else (a newline, a JSON fragment, a kilobyte) is replaced, so a client
 * cannot forge log lines or bloat them through the header.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:+/=-]{8,128}$/;

/**
 * Fastify's `genReqId`: the proxy's `X-Request-Id` when a trusted proxy is configured (then
 * the proxy, not the client, decides the header: decision 031), else a new UUID. Without a
 * trusted proxy any client could pick ids and make its requests look like someone else's.
 */
export function requestIdGenerator(options: {
  trustProxy: boolean;
}): (request: IncomingMessage) => string {
  return (request) => {
    if (options.trustProxy) {
      const given = request.headers[REQUEST_ID_HEADER];
      if (typeof given === "string" && SANE_REQUEST_ID.test(given)) return given;
    }
    return randomUUID();
  };
}
