import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { apiClients, createTestDatabase, seedDemoCatalogue } from "@obmen/db";
import Fastify, { type FastifyInstance } from "fastify";
import { vi } from "vitest";
import {
  answerFrameworkError,
  createLocalCatalogueChanges,
  createMemoryReplayGuard,
  openDatabaseApiClients,
  registerApi,
  startJobRunner,
} from "../../../src/index.ts";
import { createSmtpMailer, startOutboxDispatcher } from "../../../src/mail/index.ts";
import { type AdminTestApi, APP_ORIGIN } from "../../admin/support/admin-kit.ts";
import { startSmtpSink } from "../../mail/support/smtp-sink.ts";
import { harnessAccountSecurity } from "../../support/harness-budgets.ts";
import { TEST_CLIENT } from "../../support/test-api.ts";

export interface TelegramCall {
  path: string;
  body: { chat_id: string; text: string };
}

/**
 * A stand-in for the Bot API on 127.0.0.1: records each `sendMessage` and answers as Telegram
 * does, or with a 500 while `state.failing` is set.
 */
export async function startFakeTelegram() {
  const calls: TelegramCall[] = [];
  const state = { failing: false, refused: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (state.failing) {
        state.refused += 1;
        response.statusCode = 500;
        response.end(JSON.stringify({ ok: false, error_code: 500, description: "Internal" }));
        return;
      }
      calls.push({ path: request.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString()) });
      response.end(JSON.stringify({ ok: true, result: { message_id: calls.length } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The API with its job runner (alert sweep every second, Telegram at the fake, a quick first
 * retry) and the mail outbox dispatcher sending to a local SMTP sink: the whole path an alert
 * takes in production.
 */
export async function startAlertsApi() {
  const telegram = await startFakeTelegram();
  const smtp = await startSmtpSink();
  const database = await createTestDatabase();
  await seedDemoCatalogue(database.db);
  await database.db.insert(apiClients).values(TEST_CLIENT);
  const app: FastifyInstance = Fastify({ logger: false, frameworkErrors: answerFrameworkError });
  const catalogueChanges = createLocalCatalogueChanges();
  const jobs = await startJobRunner({ handle: database });
  const { deps, docs } = await registerApi(app, {
    db: database.db,
    ping: database.ping,
    clients: openDatabaseApiClients(database.db),
    replayGuard: createMemoryReplayGuard(),
    catalogueChanges,
    appUrl: `${APP_ORIGIN}/`,
    jobs,
    jobPollingIntervalSeconds: 0.5,
    checkResponses: true,
    alerts: { telegramApiUrl: telegram.url, sweepSeconds: 1, telegramRetryBaseMs: 300 },
    accountSecurity: harnessAccountSecurity(),
    // A test alert from the settings screen leaves at once, to the same sink.
    admin: {
      alertChannels: { mailer: createSmtpMailer(smtp.url, "Obmen <no-reply@obmen.example>") },
    },
  });
  await app.ready();
  const dispatcher = startOutboxDispatcher({
    db: database.db,
    mailer: createSmtpMailer(smtp.url, "Obmen <no-reply@obmen.example>"),
    intervalMs: 300,
    log: { warn: vi.fn(), error: vi.fn() },
  });
  const api: AdminTestApi = {
    app,
    db: database.db,
    deps,
    docs,
    catalogueChanges,
    async close() {
      await dispatcher.stop();
      await jobs.stop({ graceful: false });
      await app.close();
      await database.close();
      await telegram.close();
      await smtp.close();
    },
  };
  return { api, telegram, smtp, database };
}
