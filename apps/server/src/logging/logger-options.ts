import type { FastifyServerOptions } from "fastify";
import {
  REDACTED_LOG_PATHS,
  serializeError,
  serializeReply,
  serializeRequest,
} from "./log-serializers.ts";
import { REDACTED } from "./redact-url.ts";
import { requestIdGenerator, type TrustedProxies } from "./request-id.ts";

/** The key every line logged while serving a request carries its id under (LogController). */
export const REQUEST_ID_LOG_LABEL = "request_id";

/**
 * Fastify's logging options (decision 031): JSON lines from pino with the serializers and
 * redaction of `log-serializers.ts`, and a request id from the trusted proxy or a new UUID.
 * Fastify's own two lines per request stay off; `registerRequestLog` writes one instead.
 */
export function loggerOptions(options: {
  level: string;
  trustProxy: TrustedProxies;
}): Pick<FastifyServerOptions, "logger" | "genReqId" | "requestIdHeader"> {
  return {
    logger:
      options.level === "silent"
        ? false
        : {
            level: options.level,
            serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
            redact: { paths: REDACTED_LOG_PATHS, censor: REDACTED },
          },
    // Read by `genReqId` below, only behind a trusted proxy; Fastify must not read it itself.
    requestIdHeader: false,
    genReqId: requestIdGenerator({ trustProxy: options.trustProxy }),
  };
}
