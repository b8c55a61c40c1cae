import { isIP } from "node:net";
import { AppError, ErrorCode, isLocale, LOCALES, type Locale } from "@obmen/contracts";
import {
  type EnvelopeMeta,
  openEnvelopeData,
  REPLAY_WINDOW_MS,
  signatureMatches,
} from "@obmen/contracts/envelope";
import type { ApiClient, ApiClientLookup } from "./api-clients.ts";
import type { ReplayGuard } from "./replay-guard.ts";

export interface SignedRequest {
  /** The caller's payload without the envelope's own keys. */
  payload: Record<string, unknown>;
  meta: EnvelopeMeta;
  client: ApiClient;
}

const META_KEYS = ["public_key", "ip", "lang", "timestamp", "user_auth_token"] as const;
/**
 * Longer than any key Obmen issues (`web_` + 24 hex) or an operator configures: a longer one
 * is refused before it is looked up, so an anonymous caller cannot make the server hold
 * (or query for) large strings of its choosing (issue 16 point 4).
 */
const PUBLIC_KEY_MAX_LENGTH = 128;

/**
 * Checks a signed envelope (DESIGN.md): shape, client, signature, timestamp window, replay.
 * The order matters: nothing is remembered for replay until the signature is proven, so a
 * forger cannot burn a legitimate client's signatures.
 */
export async function openSignedRequest(options: {
  envelope: unknown;
  timestampHeader: string | undefined;
  clients: ApiClientLookup;
  replayGuard: ReplayGuard;
  /** Told the envelope's language as soon as it is read, so later refusals are worded in it. */
  onLang: (lang: Locale) => void;
  /**
   * Remembers the signature in place of `replayGuard.remember` (false: seen before), for a
   * caller that folds the replay check into a statement of its own: a signed-in call on the
   * database guard reads its session in the same round trip, a login its first steps
   * (signed-route.ts). Given the envelope's payload, not yet validated.
   */
  remember?: (
    signature: string,
    timestamp: number,
    meta: EnvelopeMeta,
    payload: Record<string, unknown>,
  ) => Promise<boolean>;
  now?: number;
}): Promise<SignedRequest> {
  const { envelope } = options;
  const fail = (code: ErrorCode) => new AppError(code);

  if (envelope === null || typeof envelope !== "object" || Array.isArray(envelope)) {
    throw fail(ErrorCode.BAD_ENVELOPE);
  }
  const { data, signed, ...rest } = envelope as Record<string, unknown>;
  if (typeof data !== "string" || typeof signed !== "string" || Object.keys(rest).length > 0) {
    throw fail(ErrorCode.BAD_ENVELOPE);
  }
  const decoded = openEnvelopeData(data);
  if (!decoded) throw fail(ErrorCode.BAD_ENVELOPE);

  const lang = decoded.lang ?? "ru";
  if (!isLocale(lang)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: {
        lang: { key: "Validation.one_of", field: "lang", values: { values: LOCALES.join(", ") } },
      },
    });
  }
  options.onLang(lang);
  if (
    typeof decoded.public_key !== "string" ||
    decoded.public_key.length > PUBLIC_KEY_MAX_LENGTH ||
    // Printable ASCII only: a NUL or a lone surrogate would reach the lookup's query.
    !/^[\x21-\x7e]+$/.test(decoded.public_key)
  ) {
    throw fail(ErrorCode.BAD_ENVELOPE);
  }
  const client = await options.clients(decoded.public_key);
  if (!client) throw fail(ErrorCode.UNKNOWN_CLIENT);
  if (!signatureMatches(data, signed, client.secret, client.algorithm)) {
    throw fail(ErrorCode.BAD_SIGNATURE);
  }

  const now = options.now ?? Date.now();
  const timestamp = decoded.timestamp;
  if (
    typeof timestamp !== "number" ||
    !Number.isSafeInteger(timestamp) ||
    options.timestampHeader !== String(timestamp) ||
    Math.abs(now - timestamp) > REPLAY_WINDOW_MS
  ) {
    throw fail(ErrorCode.STALE_REQUEST);
  }
  // The end user's address as the calling tier saw it: limits and sessions are keyed by it.
  if (typeof decoded.ip !== "string" || isIP(decoded.ip) === 0) {
    throw fail(ErrorCode.BAD_ENVELOPE);
  }
  const token = decoded.user_auth_token;
  if (token !== undefined && (typeof token !== "string" || token.length > 256)) {
    throw fail(ErrorCode.BAD_ENVELOPE);
  }
  const meta: EnvelopeMeta = {
    public_key: decoded.public_key,
    ip: decoded.ip,
    lang,
    timestamp,
    ...(token ? { user_auth_token: token } : {}),
  };
  const payload: Record<string, unknown> = { ...decoded };
  for (const key of META_KEYS) delete payload[key];
  const signature = signed.toLowerCase();
  const fresh = options.remember
    ? await options.remember(signature, timestamp, meta, payload)
    : await options.replayGuard.remember(signature, timestamp);
  if (!fresh) throw fail(ErrorCode.REPLAYED_REQUEST);
  return { payload, meta, client };
}
