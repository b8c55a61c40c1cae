import { AppError, ErrorCode } from "@obmen/contracts";
import type { FastifyRequest } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing console call a foreign page sent (CSRF), on top of the
 * `SameSite=Strict` cookie: browsers send `Origin` with every POST and PATCH, so it must be
 * the console's own origin (`APP_URL`). A request without `Origin` comes from a program, not a
 * page (curl, the tests); `Sec-Fetch-Site`, which only browsers send, must then not say that
 * another site caused it. `Origin: null` (sandboxed frames, some redirects) is foreign.
 */
export function checkOrigin(request: FastifyRequest, appOrigin: string) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin !== appOrigin)
      throw new AppError(ErrorCode.FORBIDDEN, { details: { reason: "origin" } });
    return;
  }
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    throw new AppError(ErrorCode.FORBIDDEN, { details: { reason: "origin" } });
  }
}
