import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseReplayGuard, type ReplayGuard } from "../../src/index.ts";
import { type StatementSpy, spyOnStatements } from "../support/statement-spy.ts";

/**
 * The database replay guard sends the signatures arriving while a statement is out as one
 * statement (decision 046), on the test engine: each call still learns whether its own
 * signature was new, and one envelope sent several times at once is new only once.
 */
describe("the database replay guard under a rush", () => {
  let database: TestDatabase;
  let guard: ReplayGuard;
  let statements: StatementSpy;
  const now = Date.now();
  const signature = (n: number) => `${"ab".repeat(30)}${n.toString(16).padStart(4, "0")}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    guard = createDatabaseReplayGuard(database.db);
    statements = spyOnStatements(database);
  });
  afterAll(() => database?.close());

  it("answers forty signatures at once with fewer statements, each new once", async () => {
    statements.mockClear();
    const first = await Promise.all(
      Array.from({ length: 40 }, (_, n) => guard.remember(signature(n), now)),
    );
    expect(first).toEqual(Array(40).fill(true));
    // Two go at once; the others wait for them and share what follows.
    expect(statements.mock.calls.length).toBeLessThanOrEqual(4);
    const again = await Promise.all(
      Array.from({ length: 40 }, (_, n) => guard.remember(signature(n), now)),
    );
    expect(again).toEqual(Array(40).fill(false));
  });

  it("finds one envelope sent three times in one rush new only once", async () => {
    const answers = await Promise.all([
      guard.remember(signature(100), now),
      guard.remember(signature(101), now),
      guard.remember(signature(102), now),
      guard.remember(signature(102), now),
      guard.remember(signature(102), now),
    ]);
    expect(answers.slice(0, 2)).toEqual([true, true]);
    expect(answers.slice(2).filter(Boolean)).toHaveLength(1);
  });
});
