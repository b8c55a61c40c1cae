import type { MessageKey, TranslateValues } from "@obmen/i18n";

/**
 * The closed set of error codes every API answer may carry (DESIGN.md "Responses").
 * Clients switch on `code`; `message` is for people and is translated into the request's `lang`.
 */
export const ErrorCode = {
  /** The body or query is not a well-formed envelope (missing/non-base64 `data`, non-JSON, wrong types). */
  BAD_ENVELOPE: "BAD_ENVELOPE",
  /** The `public_key` names no active API client. */
  UNKNOWN_CLIENT: "UNKNOWN_CLIENT",
  /** `signed` does not match the digest of `data` with the client's secret. */
  BAD_SIGNATURE: "BAD_SIGNATURE",
  /** `X-Timestamp` is missing, differs from the signed timestamp, or is outside the replay window. */
  STALE_REQUEST: "STALE_REQUEST",
  /** The same signature was already used inside the replay window. */
  REPLAYED_REQUEST: "REPLAYED_REQUEST",
  /** The body is larger than the endpoint accepts. */
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  /** The content type is not one the endpoint accepts. */
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  /** The payload is well-formed but its values are invalid; `fields` says which. */
  VALIDATION_FAILED: "VALIDATION_FAILED",
  /** A query parameter of an unsigned GET (`/content/*`) is invalid or unknown; `fields` says which. */
  INVALID_QUERY: "INVALID_QUERY",
  /** The addressed record does not exist (or is not visible to the caller). */
  NOT_FOUND: "NOT_FOUND",
  /** The caller must be signed in. */
  UNAUTHORIZED: "UNAUTHORIZED",
  /** Login refused: no account with this e-mail and password (which of the two is never said). */
  INVALID_CREDENTIALS: "INVALID_CREDENTIALS",
  /** Login with the right password to an account whose e-mail is not confirmed yet. */
  EMAIL_NOT_CONFIRMED: "EMAIL_NOT_CONFIRMED",
  /** Login with the right password to an account an operator blocked (issue 29). */
  ACCOUNT_BLOCKED: "ACCOUNT_BLOCKED",
  /** The caller is signed in but may not do this. */
  FORBIDDEN: "FORBIDDEN",
  /** The requested change conflicts with the current state (e.g. a status transition). */
  CONFLICT: "CONFLICT",
  /** The client's rate differs from the current one by more than the tolerance; `details.rate` holds the new one. */
  RATE_CHANGED: "RATE_CHANGED",
  /** The exchange's available reserve cannot cover the amount. */
  INSUFFICIENT_RESERVE: "INSUFFICIENT_RESERVE",
  /** The pair is not in service. */
  PAIR_INACTIVE: "PAIR_INACTIVE",
  /**
   * Too many requests or failed attempts from this address or for this account; `details.retry_after`
   * and the `Retry-After` header say in how many seconds to try again.
   */
  RATE_LIMITED: "RATE_LIMITED",
  /**
   * After repeated failed logins this call needs a solved captcha (`GET /api/captcha/challenge`,
   * then the solution in `captcha`); `fields.captcha` says whether it was missing, wrong, used or expired.
   */
  CAPTCHA_REQUIRED: "CAPTCHA_REQUIRED",
  /** The password was right and the account has a second factor: send its code in `totp`. */
  TOTP_REQUIRED: "TOTP_REQUIRED",
  /** The second-factor code is wrong, expired or was already used. */
  TOTP_INVALID: "TOTP_INVALID",
  /** The HTTP method is not allowed on this path. */
  METHOD_NOT_ALLOWED: "METHOD_NOT_ALLOWED",
  /** Something failed on our side; details are logged, never returned. */
  INTERNAL: "INTERNAL",
  /** A dependency (usually the database) is unavailable. */
  UNAVAILABLE: "UNAVAILABLE",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_ENVELOPE: 400,
  UNKNOWN_CLIENT: 401,
  BAD_SIGNATURE: 401,
  STALE_REQUEST: 401,
  REPLAYED_REQUEST: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  INVALID_QUERY: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  ACCOUNT_BLOCKED: 403,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_CHANGED: 409,
  INSUFFICIENT_RESERVE: 409,
  PAIR_INACTIVE: 409,
  RATE_LIMITED: 429,
  CAPTCHA_REQUIRED: 400,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  METHOD_NOT_ALLOWED: 405,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/**
 * What `details` holds for each code that has any (issue 31 point 3): one declaration, so a
 * thrower cannot invent `retry_after_seconds` where clients read `retry_after`. A code not
 * listed here carries no details.
 */
export interface ErrorDetailsByCode {
  /** Seconds until a try may succeed; the `Retry-After` header says the same. */
  RATE_LIMITED: { retry_after: number };
  /** The pair's current rate, to quote again with. */
  RATE_CHANGED: {
    rate: {
      send_rate: string;
      receive_rate: string;
      send_rate_real?: string;
      receive_rate_real?: string;
      comission_amount?: string;
    };
  };
  /** Why the state forbids it: the order's or withdrawal's status, or a named reason. */
  CONFLICT: {
    reason?: "totp_enabled" | "totp_not_started" | "own_account" | "already_reviewed";
    exchange_status?: string;
    status?: string;
    awaiting_answer?: true;
    /** A partner's withdrawal above the balance: what is available. */
    available?: string;
  };
  FORBIDDEN: { reason: "origin" | "role" | "totp_enrolment_required" };
  /** What the reserve (or balance) allows now, as decimal strings. */
  INSUFFICIENT_RESERVE: { available?: string; max_send_sum?: string; max_receive_sum?: string };
  /** The console's sign-in: the password was right and a TOTP code is needed. */
  INVALID_CREDENTIALS: { totp_required: true };
}

/** The details a code may carry (never, for a code without any). */
export type ErrorDetails<C extends ErrorCode> = C extends keyof ErrorDetailsByCode
  ? ErrorDetailsByCode[C]
  : never;

/** The error body: `{"error": {"code", "message", "fields"?, "details"?}}`. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Form path (e.g. `email`, `send_amount`, `fields.wallet`) → message in the request's language. */
    fields?: Record<string, string>;
    /** Machine-readable extras, e.g. the current rate on RATE_CHANGED. */
    details?: Record<string, unknown>;
  };
}

/**
 * A field's problem as a catalog key and its values, not a sentence: the one error handler
 * words it in the request's language (docs/decisions/016-one-catalog.md).
 */
export interface FieldProblem {
  key: MessageKey;
  values?: TranslateValues;
  /** A payload path whose readable name (catalog `FieldNames`, else the path) fills `{{field}}`. */
  field?: string;
}

/**
 * An error an API handler throws; one handler turns it into the error body above, translating
 * the code and every field's problem into the request's language.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly fields?: Record<string, FieldProblem>;
  readonly details?: ErrorDetails<C>;

  constructor(
    code: C,
    options: {
      fields?: Record<string, FieldProblem>;
      details?: ErrorDetails<C>;
    } = {},
  ) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.fields = options.fields;
    this.details = options.details;
  }

  get status(): number {
    return ERROR_HTTP_STATUS[this.code];
  }
}
