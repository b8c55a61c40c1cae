import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What a proxy's request id may look like to be kept: the usual UUIDs and hex or base64-ish
 * trace ids. Anything else (quotes, a JSON fragment, a kilobyte) is replaced, so the header
 * cannot forge log lines or bloat them.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:+/=-]{8,128}$/;

/** Which peers are proxies: the same option Fastify gets as `trustProxy` (start-server.ts). */
export type TrustedProxies = boolean | string | ((address: string, hop: number) => boolean);

/**
 * Fastify's `genReqId`: the proxy's `X-Request-Id` when the connection comes from a trusted
 * proxy (decision 031), else a new UUID. A client that reaches the server directly, past the
 * proxy, could otherwise choose ids and make its requests look like someone else's.
 */
export function requestIdGenerator(options: {
  trustProxy: TrustedProxies;
}): (request: IncomingMessage) => string {
  const trusted = trustFunction(options.trustProxy);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      typeof given === "string" &&
      SANE_REQUEST_ID.test(given) &&
      trusted(request.socket?.remoteAddress ?? "", 0)
    )
      return given;
    return randomUUID();
  };
}

/** As Fastify reads its `trustProxy`: `true` all, `false` none, a list of addresses/CIDRs. */
function trustFunction(option: TrustedProxies): (address: string, hop: number) => boolean {
  if (typeof option === "function") return option;
  if (typeof option === "boolean") return () => option;
  return proxyAddr.compile(option.split(",").map((part) => part.trim()));
}
