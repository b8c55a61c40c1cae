import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createObmenClient, type Transport } from "@obmen/contracts/sdk";
import { apiClients, createTestDatabase, seedDemoCatalogue } from "@obmen/db";
import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { createAccountSecurity } from "../../src/account/account-security.ts";
import {
  answerFrameworkError,
  createLocalCatalogueChanges,
  createMemoryReplayGuard,
  openDatabaseApiClients,
  registerApi,
} from "../../src/index.ts";
import { LOOSE_POLICY } from "../account/support/security-kit.ts";
import { HARNESS_PUBLIC_CALLS } from "../support/harness-budgets.ts";
import { TEST_CLIENT, type TestApi } from "../support/test-api.ts";
import { hostileValue } from "./hostile-values.ts";

const ENSURE_BUILD = fileURLToPath(
  new URL("../../../../scripts/ensure-build.mjs", import.meta.url),
);
export const SITE_ORIGIN = "http://localhost";

/**
 * The API and the site on one Fastify instance over a test database, composed as the server
 * does (apps/server/src/start-server.ts): the site calls the API in process, signed with its
 * own key, and passes on the visitor's address. The site's build is made when missing or stale
 * (a fresh clone's unit stage has none).
 */
export async function startSite(): Promise<TestApi> {
  execFileSync(process.execPath, [ENSURE_BUILD], { stdio: "ignore" });
  const database = await createTestDatabase();
  await seedDemoCatalogue(database.db);
  await database.db.insert(apiClients).values(TEST_CLIENT);
  const app: FastifyInstance = Fastify({ logger: false, frameworkErrors: answerFrameworkError });
  const catalogueChanges = createLocalCatalogueChanges();
  const { deps, docs } = await registerApi(app, {
    db: database.db,
    ping: database.ping,
    clients: openDatabaseApiClients(database.db),
    replayGuard: createMemoryReplayGuard(),
    catalogueChanges,
    appUrl: SITE_ORIGIN,
    jobs: null,
    checkResponses: true,
    // Budgets nothing here reaches: the fuzz is about what an action does with its input.
    accountSecurity: createAccountSecurity({
      store: { kind: "memory" },
      serverSecret: randomBytes(32).toString("hex"),
      captchaProvider: "none",
      policy: LOOSE_POLICY,
      publicCallPolicy: HARNESS_PUBLIC_CALLS,
    }),
  });
  const { registerWebTier } = await import("@obmen/web/server");
  await registerWebTier(app, {
    api: createObmenClient({
      transport: inProcess(app),
      credentials: { ...TEST_CLIENT, algorithm: "sha256" },
    }),
    appUrl: SITE_ORIGIN,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    deps,
    docs,
    catalogueChanges,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  } as TestApi;
}

function inProcess(app: FastifyInstance): Transport {
  return async (request) => {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };
}

/** The field names the site's forms post, so hostile values reach the actions' own checks. */
const FIELD_NAMES = [
  "intent",
  "id",
  "email",
  "password",
  "password_confirmation",
  "new_password",
  "new_password_confirmation",
  "captcha",
  "totp",
  "code",
  "secret",
  "next",
  "agreement",
  "currency_pairs_in_service_id",
  "fixed_side",
  "send_amount",
  "receive_amount",
  "send_rate",
  "receive_rate",
  "send_key_code",
  "receive_key_code",
  "send_decimal",
  "receive_decimal",
  "fields.wallet",
  "fields.card",
  "fields.0.value",
  "rating",
  "text",
  "recalculation_id",
  "refund_to",
  "currency_id",
  "value",
  "label",
  "direction",
  "amount",
  "first_name",
  "last_name",
  "phone",
  "session_id",
];
const INTENTS = [
  "paid",
  "cancelled",
  "cancel",
  "cancel_ask",
  "receipt",
  "review",
  "recalculation_accept",
  "recalculation_refund",
  "add",
  "save",
  "delete",
  "login",
  "register",
  "reset",
  "password",
  "personal",
  "totp_setup",
  "totp_enable",
  "totp_disable",
  "end_session",
  "channel_create",
  "withdraw",
];

/** A form value as text: what a browser (or a script posing as one) can put in a field. */
export const formText = hostileValue.map((value) =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? ""),
);

/** A form's fields: known names (some repeated), unknown ones, a plausible or hostile intent. */
export const hostileForm: fc.Arbitrary<[string, string][]> = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES), formText), { maxLength: 8 }),
    fc.array(fc.tuple(fc.string({ maxLength: 12 }), formText), { maxLength: 2 }),
    fc.option(fc.oneof(fc.constantFrom(...INTENTS), formText), { freq: 4 }),
  )
  .map(([known, unknown, intent]) => [
    ...(intent === null ? [] : [["intent", intent] as [string, string]]),
    ...known,
    ...unknown,
  ]);

export interface FormRequest {
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/** The body's encoding: mostly what a form sends, sometimes what no form sends. */
export const bodyKind = fc.constantFrom(
  "urlencoded",
  "urlencoded",
  "urlencoded",
  "urlencoded",
  "multipart",
  "multipart",
  "json",
  "text",
  "broken-multipart",
  "no-boundary",
  "none",
);

/** Encodes a form as `kind`, with a receipt-like file part now and then. */
export function encodeForm(
  entries: [string, string][],
  kind: string,
  file: Buffer | null,
): FormRequest {
  switch (kind) {
    case "urlencoded":
      return {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(entries).toString(),
      };
    case "multipart": {
      const boundary = "----fuzz-boundary-7MA4YWxkTrZu0gW";
      const parts: Buffer[] = entries.map(([name, value]) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${value}\r\n`,
        ),
      );
      if (file) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          file,
          Buffer.from("\r\n"),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      return {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        body: Buffer.concat(parts),
      };
    }
    case "json":
      return {
        headers: { "content-type": "application/json" },
        body: JSON.stringify(Object.fromEntries(entries)),
      };
    case "text":
      return { headers: { "content-type": "text/plain" }, body: entries.flat().join("\n") };
    case "broken-multipart":
      return {
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: "--x\r\ngarbage",
      };
    case "no-boundary":
      return { headers: { "content-type": "multipart/form-data" }, body: "--x\r\n\r\n" };
    default:
      return { headers: {}, body: undefined };
  }
}
