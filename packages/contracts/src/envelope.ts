import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

/**
 * The signed request envelope of spec §7 (DESIGN.md "Tiers and the signed REST contract").
 * Body: `{"data": base64(utf8 JSON), "signed": hex}`; the JSON is the payload plus the
 * client's `public_key`, the end user's `ip`, an optional `user_auth_token`, `lang` and
 * `timestamp` (ms). The header `X-Timestamp` repeats the signed timestamp.
 */
export interface EnvelopeMeta {
  public_key: string;
  ip: string;
  lang: Locale;
  timestamp: number;
  user_auth_token?: string;
}

export interface Envelope {
  data: string;
  signed: string;
}

/**
 * `sha256` is the spec's digest `sha256_hex(data + secret)`; `hmac-sha256` is the stronger
 * per-client option (docs/decisions/002-signature-algorithms.md).
 */
export type SignatureAlgorithm = "sha256" | "hmac-sha256";

export const TIMESTAMP_HEADER = "x-timestamp";
/** Requests older or newer than this are refused, and signatures are remembered this long. */
export const REPLAY_WINDOW_MS = 300_000;

export function signData(data: string, secret: string, algorithm: SignatureAlgorithm): string {
  if (algorithm === "hmac-sha256") return createHmac("sha256", secret).update(data).digest("hex");
  return createHash("sha256")
    .update(data + secret)
    .digest("hex");
}

/** Constant-time comparison of a presented signature with the expected one. */
export function signatureMatches(
  data: string,
  signed: string,
  secret: string,
  algorithm: SignatureAlgorithm,
): boolean {
  const expected = Buffer.from(signData(data, secret, algorithm), "hex");
  if (!/^[0-9a-f]{64}$/i.test(signed)) return false;
  const presented = Buffer.from(signed, "hex");
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

export interface SealOptions {
  payload: Record<string, unknown>;
  publicKey: string;
  secret: string;
  algorithm?: SignatureAlgorithm;
  ip: string;
  lang?: Locale;
  userAuthToken?: string;
  now?: number;
}

/** Builds the envelope a client sends, and the `X-Timestamp` header value to go with it. */
export function sealEnvelope(options: SealOptions): { envelope: Envelope; timestamp: number } {
  const timestamp = options.now ?? Date.now();
  const meta: EnvelopeMeta = {
    public_key: options.publicKey,
    ip: options.ip,
    lang: options.lang ?? DEFAULT_LOCALE,
    timestamp,
    ...(options.userAuthToken ? { user_auth_token: options.userAuthToken } : {}),
  };
  const data = Buffer.from(JSON.stringify({ ...options.payload, ...meta }), "utf8").toString(
    "base64",
  );
  return {
    envelope: { data, signed: signData(data, options.secret, options.algorithm ?? "sha256") },
    timestamp,
  };
}

/** Decodes `data` into its JSON object, or returns null when it is not base64 JSON of an object. */
export function openEnvelopeData(data: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(data, "base64").toString("utf8"));
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
