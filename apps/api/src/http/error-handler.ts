import {
  type ApiErrorBody,
  AppError,
  ERROR_HTTP_STATUS,
  ErrorCode,
  type FieldProblem,
  type Locale,
} from "@obmen/contracts";
import type { Translate } from "@obmen/i18n";
import { catalogs, translatorFor } from "@obmen/i18n/catalogs";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { discardRequestBody } from "./discard-request-body.ts";
import { requestLang } from "./request-lang.ts";

/** Fastify's own errors (body parsing, limits) mapped onto our closed set of codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.BAD_ENVELOPE,
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorCode.BAD_ENVELOPE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ErrorCode.BAD_ENVELOPE,
  // @fastify/multipart (receipts)
  FST_REQ_FILE_TOO_LARGE: ErrorCode.PAYLOAD_TOO_LARGE,
  FST_FILES_LIMIT: ErrorCode.PAYLOAD_TOO_LARGE,
  FST_PARTS_LIMIT: ErrorCode.PAYLOAD_TOO_LARGE,
  FST_FIELDS_LIMIT: ErrorCode.PAYLOAD_TOO_LARGE,
  FST_INVALID_MULTIPART_CONTENT_TYPE: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
};

/**
 * The error body in the request's language: the signed `lang` once the envelope named one,
 * else the `lang` query or Accept-Language. Throwers give codes and catalog keys; only this
 * function words them, so no call site needs the language.
 */
export function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  const lang = request.apiLang ?? requestLang(request);
  const t = translatorFor(lang);
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: t(`Errors.${error.code}`),
      ...(error.fields ? { fields: wordFields(error.fields, lang) } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  };
  // A refusal for too many requests says when to come back (RFC 9110 §10.2.3), in seconds.
  const retryAfter = isCode(error, ErrorCode.RATE_LIMITED) ? error.details?.retry_after : undefined;
  if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
  return reply.code(ERROR_HTTP_STATUS[error.code]).type("application/json").send(body);
}

function isCode<C extends ErrorCode>(error: AppError, code: C): error is AppError<C> {
  return error.code === code;
}

function wordFields(fields: Record<string, FieldProblem>, lang: Locale): Record<string, string> {
  const t = translatorFor(lang);
  const names: Record<string, string> = catalogs[lang].FieldNames;
  // fromEntries defines own keys, so even a client's key `__proto__` keeps its message.
  return Object.fromEntries(
    Object.entries(fields).map(([path, problem]) => {
      const values = { ...problem.values };
      // Own keys only: a client's unknown key `constructor` must not name Object's.
      const name = problem.field;
      if (name !== undefined) values.field = readableName(names, name, t);
      return [path, t(problem.key, values)];
    }),
  );
}

/**
 * A payload path as a person reads it: its catalog name; for an item of a list (`emails.1`)
 * the list's name and the item's place ("Alert address No. 2"), and for a key inside one
 * (`fields.0.label_ru`) both; a nested key (`events.new_order`) by its own name; else the path.
 */
function readableName(names: Record<string, string>, path: string, t: Translate): string {
  // Own keys only: a client's unknown key `constructor` must not name Object's.
  const named = (key: string | undefined) =>
    key !== undefined && Object.hasOwn(names, key) ? names[key]! : null;
  const exact = named(path);
  if (exact) return exact;
  const item = /^([a-z_]+)\.(\d{1,4})(?:\.([a-z_]+))?$/.exec(path);
  const list = named(item?.[1]);
  if (item && list) {
    const itemName = t("Validation.item", { field: list, position: Number(item[2]) + 1 });
    if (item[3] === undefined) return itemName;
    const inner = named(item[3]);
    if (inner) return t("Validation.item_field", { item: itemName, field: inner });
  }
  return named(path.split(".").at(-1)) ?? path;
}

/** One handler maps every error to HTTP; a 5xx never leaks internals (DESIGN.md). */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, request, error);
    const mapped =
      (error.code && FASTIFY_CODES[error.code]) ||
      (error instanceof SyntaxError ? ErrorCode.BAD_ENVELOPE : undefined);
    if (mapped === ErrorCode.PAYLOAD_TOO_LARGE) await discardRequestBody(request.raw);
    if (mapped) return sendError(reply, request, new AppError(mapped));
    if (error.statusCode && error.statusCode < 500) {
      return sendError(reply, request, new AppError(ErrorCode.BAD_ENVELOPE));
    }
    request.log.error({ err: error }, "unhandled API error");
    return sendError(reply, request, new AppError(ErrorCode.INTERNAL));
  });
}

declare module "fastify" {
  interface FastifyRequest {
    /** The language the signed request asked for, once its envelope is open. */
    apiLang?: import("@obmen/contracts").Locale;
  }
}
