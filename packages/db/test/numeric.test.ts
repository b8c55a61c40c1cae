import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normaliseDecimal } from "../src/schema/columns.ts";
import { currencies, paySystems } from "../src/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.close());

describe("numeric columns", () => {
  const samples = [
    "0.00000001",
    "123456789012.123456789",
    "99999999999999999999.999999999999999999",
    "0.000000000000000001",
    "100",
    "0",
  ];

  it.each(samples)("round-trip %s as the exact same string", async (reserve) => {
    const [paySystem] = await test.db
      .insert(paySystems)
      .values({ name: `Test ${reserve}`, icon: "/icons/btc.svg" })
      .returning();
    const [inserted] = await test.db
      .insert(currencies)
      .values({
        paySystemId: paySystem!.id,
        currencyCode: "TST",
        urlXml: `TST${samples.indexOf(reserve)}`,
        kind: "crypto",
        reserve,
        reserveName: "Test",
        sendMin: reserve,
      })
      .returning();
    expect(inserted!.reserve).toBe(reserve);
    const [read] = await test.db.select().from(currencies).where(eq(currencies.id, inserted!.id));
    expect(read!.reserve).toBe(reserve);
    expect(read!.sendMin).toBe(reserve);
    expect(typeof read!.reserve).toBe("string");
  });

  it("refuse a value too large for the column instead of storing it", async () => {
    const [paySystem] = await test.db
      .insert(paySystems)
      .values({ name: "Too large", icon: "/icons/btc.svg" })
      .returning();
    await expect(
      test.db.insert(currencies).values({
        paySystemId: paySystem!.id,
        currencyCode: "TST",
        urlXml: "TSTBIG",
        kind: "crypto",
        reserve: "100000000000000000000",
        reserveName: "Test",
      }),
    ).rejects.toThrow();
  });
});

describe("normaliseDecimal", () => {
  it.each([
    ["1.000000000000000000", "1"],
    ["0.100000000000000000", "0.1"],
    ["100", "100"],
    ["100.000", "100"],
    ["0.000", "0"],
    ["-0.000", "0"],
    ["-1.250", "-1.25"],
  ])("turns %s into %s", (input, output) => {
    expect(normaliseDecimal(input)).toBe(output);
  });
});
