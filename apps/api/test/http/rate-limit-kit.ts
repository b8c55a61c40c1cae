import { createHash } from "node:crypto";
import type { Locale } from "@obmen/contracts";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import type { TestDatabase } from "@obmen/db";
import { createAccountSecurity } from "../../src/account/account-security.ts";
import type { LimiterStore } from "../../src/rate-limits/limiter-store.ts";
import type { PublicCallPolicy } from "../../src/rate-limits/public-call-policy.ts";
import { LOOSE_POLICY, SERVER_SECRET, storeFor } from "../account/support/security-kit.ts";
import { HARNESS_PUBLIC_CALLS } from "../support/harness-budgets.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

/** A tiny PNG: the receipt calls need a file the route accepts. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

/**
 * The seeded API with the public calls' budgets given (the rest as the harness sets them), the
 * limits in the store the server would pick for the engine unless the test names one.
 */
export function startLimitedApi(
  publicCallPolicy: Partial<PublicCallPolicy>,
  store: (database: TestDatabase) => LimiterStore = storeFor,
): Promise<TestApi> {
  return startTestApi({
    accountSecurity: (database) =>
      createAccountSecurity({
        store: store(database),
        serverSecret: SERVER_SECRET,
        captchaProvider: "none",
        policy: LOOSE_POLICY,
        publicCallPolicy: { ...HARNESS_PUBLIC_CALLS, ...publicCallPolicy },
      }),
  });
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, any>;
}

/** Where a call goes: the in-process app, or a server process's port. */
export type Target = TestApi | number;

async function send(
  target: Target,
  request: { url: string; headers: Record<string, string>; body: string | Buffer },
): Promise<Answer> {
  if (typeof target === "number") {
    const response = await fetch(`http://127.0.0.1:${target}${request.url}`, {
      method: "POST",
      headers: request.headers,
      body: typeof request.body === "string" ? request.body : new Uint8Array(request.body),
    });
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: (await response.json()) as Record<string, any>,
    };
  }
  // Every call from the same socket address, as the web tier's in-process calls are.
  const response = await target.app.inject({
    method: "POST",
    url: request.url,
    headers: request.headers,
    payload: request.body,
    remoteAddress: "127.0.0.1",
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

let lastSealedAt = 0;
/** A fresh instant for each envelope: two identical calls sealed in one millisecond are a replay. */
function sealingTime(): number {
  lastSealedAt = Math.max(Date.now(), lastSealedAt + 1);
  return lastSealedAt;
}

/** A signed call as the test partner, for the visitor at `ip`. */
export function sealedCall(
  target: Target,
  path: string,
  payload: Record<string, unknown>,
  options: { ip: string; lang?: Locale },
): Promise<Answer> {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip: options.ip,
    lang: options.lang ?? "en",
    now: sealingTime(),
  });
  return send(target, {
    url: path,
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
    body: JSON.stringify(envelope),
  });
}

/** `/rest/send-receipt` with a PNG for `orderId`, for the visitor at `ip`. */
export function sealedReceipt(
  target: Target,
  orderId: string,
  options: { ip: string; lang?: Locale },
): Promise<Answer> {
  const { envelope, timestamp } = sealEnvelope({
    payload: {
      exchange_uuid: orderId,
      file_sha256: createHash("sha256").update(PNG).digest("hex"),
    },
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip: options.ip,
    lang: options.lang ?? "en",
    now: sealingTime(),
  });
  const boundary = "----obmen-rate-limit";
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field("data", envelope.data) + field("signed", envelope.signed)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return send(target, {
    url: "/rest/send-receipt",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      [TIMESTAMP_HEADER]: String(timestamp),
    },
    body,
  });
}

/** The 429 of DESIGN.md: `RATE_LIMITED`, the wait in `details` and in `Retry-After`. */
export function retryAfterOf(answer: Answer): number {
  if (answer.status !== 429 || answer.body.error?.code !== "RATE_LIMITED") {
    throw new Error(
      `expected 429 RATE_LIMITED, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  const header = Number(answer.headers["retry-after"]);
  if (header !== answer.body.error.details.retry_after) {
    throw new Error(`Retry-After ${header} differs from details.retry_after`);
  }
  return header;
}
