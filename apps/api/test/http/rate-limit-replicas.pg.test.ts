import { fileURLToPath } from "node:url";
import { orders, rateLimits, type TestDatabase } from "@obmen/db";
import { count, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiProcesses,
  createSeededDatabase,
  startApiProcesses,
} from "../support/api-processes.ts";
import { createForm, findPair } from "../support/orders.ts";
import { retryAfterOf, sealedCall } from "./rate-limit-kit.ts";

const script = fileURLToPath(new URL("../account/support/secured-api-process.ts", import.meta.url));

// Decision 036: two replicas on one PostgreSQL (no Redis) count a visitor's orders against one
// budget, in the rate_limits table, as `npm start` does; the budget is the operator's setting.
describe("public-call limits shared by two server processes on PostgreSQL", () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let ports: number[];

  beforeAll(async () => {
    database = await createSeededDatabase();
    processes = await startApiProcesses(database.databaseUrl, {
      entry: script,
      env: { RATE_LIMIT_ORDER_CREATE: "4/600" },
    });
    ports = processes.ports;
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  it("lets one IP make four orders across both replicas, refuses the rest, and leaves another IP alone", async () => {
    const ip = "198.51.100.80";
    const pairs = (await sealedCall(ports[0]!, "/rest/currency_pair/list", {}, { ip })).body.data;
    const form = createForm(findPair(pairs, "USDTTRC20", "SBERRUB"), { send_amount: "100" });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        // Each its own request (an identical envelope sealed in the same instant is a replay).
        sealedCall(
          ports[index % 2]!,
          "/rest/exchange/create",
          { ...form, email: `c${index}@example.com` },
          { ip },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(retryAfterOf(answer)).toBeGreaterThan(500);
    }
    expect((await database.db.select({ n: count() }).from(orders))[0]!.n).toBe(4);
    // Counted in the shared table, under a digest of the address, never the address itself.
    const keys = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, "obmen:call_order_create:%"));
    expect(keys.length).toBe(1);
    expect(keys[0]!.key).not.toContain(ip);

    expect(
      (await sealedCall(ports[1]!, "/rest/exchange/create", form, { ip: "198.51.100.81" })).status,
    ).toBe(200);
  });
});
