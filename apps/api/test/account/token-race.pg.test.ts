import { AppError } from "@obmen/contracts";
import {
  createTestDatabase,
  type DatabaseHandle,
  mailOutbox,
  openDatabase,
  type TestDatabase,
  userSessions,
} from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmEmail } from "../../src/account/confirm/confirm-email.ts";
import { registerUser } from "../../src/account/register/register-user.ts";
import { requestPasswordReset } from "../../src/account/restore/request-password-reset.ts";
import { resetPassword } from "../../src/account/restore/reset-password.ts";
import { withLetter } from "../mail/support/mail-test-kit.ts";
import { PASSWORD, SITE, tokenInLink } from "./support/account-kit.ts";

const ROUNDS = 8;

/**
 * DESIGN.md invariant 5 across replicas: a link's token works once even when two server
 * processes (two connection pools on one PostgreSQL) use it at the same moment.
 */
describe("a single-use token used twice at once, from two connection pools", () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  async function newestLinkTo(to: string, path: "confirm" | "restore") {
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(mailOutbox.id);
    return tokenInLink(withLetter(rows.at(-1)!).text, path);
  }

  /** Exactly one of the two uses succeeds; the other gets the link's 404. */
  function expectOneWinner(outcomes: PromiseSettledResult<unknown>[]) {
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const lost = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const reason = (lost[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(AppError);
    expect((reason as AppError).code).toBe("NOT_FOUND");
  }

  it("confirms a registration once, with one session", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `race-${round}@example.com`;
      await registerUser({
        db: database.db,
        appUrl: SITE,
        lang: "en",
        email,
        password: PASSWORD,
        agreement: true,
      });
      const token = await newestLinkTo(email, "confirm");
      const outcomes = await Promise.allSettled(
        [database.db, second.db].map((db) => confirmEmail({ db, token, ip: "203.0.113.1" })),
      );
      expectOneWinner(outcomes);
      const winner = (
        outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<{
          user: { id: string };
        }>
      ).value;
      const sessions = await database.db
        .select()
        .from(userSessions)
        .where(eq(userSessions.userId, winner.user.id));
      expect(sessions).toHaveLength(1);
    }
  });

  it("resets a password once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `race-${round}@example.com`;
      await requestPasswordReset({ db: database.db, appUrl: SITE, lang: "en", email });
      const token = await newestLinkTo(email, "restore");
      const outcomes = await Promise.allSettled(
        [database.db, second.db].map((db, index) =>
          resetPassword({
            db,
            appUrl: SITE,
            lang: "en",
            token,
            newPassword: `parallel-password-${round}-${index}`,
          }),
        ),
      );
      expectOneWinner(outcomes);
    }
  });
});
