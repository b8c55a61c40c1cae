import { AppError, ErrorCode } from "@obmen/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./error-handler.ts";

/** Where every answer is the API's error shape, whatever went wrong (issue 16 point 3). */
const API_PREFIXES = ["/rest/", "/content/", "/api/", "/admin/api/"];
/** The methods some route answers: under the API's prefixes, and on the site. */
const API_METHODS = ["GET", "HEAD", "POST", "PATCH"];
const SITE_METHODS = ["GET", "HEAD", "POST"];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * A request no route took: 405 with `Allow` for a method nothing here serves, else 404; under
 * the API's prefixes in the API's error shape, in the request's language.
 */
export function answerUnrouted(request: FastifyRequest, reply: FastifyReply) {
  const api = isApiPath(request.url);
  const methods = api ? API_METHODS : SITE_METHODS;
  const unservedMethod = !methods.includes(request.method);
  if (unservedMethod) reply.header("allow", methods.join(", "));
  if (api) {
    const code = unservedMethod ? ErrorCode.METHOD_NOT_ALLOWED : ErrorCode.NOT_FOUND;
    return sendError(reply, request, new AppError(code));
  }
  return reply
    .code(unservedMethod ? 405 : 404)
    .type("text/plain; charset=utf-8")
    .send(unservedMethod ? "Method Not Allowed" : "Not Found");
}

/**
 * Methods that no route registers at all (PROPFIND, SEARCH, …: Fastify's `all` covers the
 * standard ones only) reach the not-found handler; they used to get Fastify's own 404 body.
 */
export function installUnroutedHandling(app: FastifyInstance) {
  app.setNotFoundHandler(answerUnrouted);
}

/**
 * Fastify's `frameworkErrors`: errors raised before any route is looked for, such as a path
 * whose percent-encoding is not UTF-8 (`/content/pages/%ff%fe`). No route can name it.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isApiPath(request.url)) return sendError(reply, request, new AppError(ErrorCode.NOT_FOUND));
  return reply
    .code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
    .type("text/plain; charset=utf-8")
    .send("Bad Request");
}
