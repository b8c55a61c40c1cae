import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiClients,
  currencies,
  currencyFields,
  currencyPairs,
  ensureApiClient,
  paySystems,
  seedDemoCatalogue,
} from "../src/index.ts";
import { compare, divide, multiply, parseDecimal } from "../src/seed/decimal.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";

const webPublic = fileURLToPath(new URL("../../../apps/web/public", import.meta.url));

let test: TestDatabase;
let firstSeed: Awaited<ReturnType<typeof seedDemoCatalogue>>;
beforeAll(async () => {
  test = await createTestDatabase();
  firstSeed = await seedDemoCatalogue(test.db);
});
afterAll(() => test?.close());

async function catalogue() {
  const currencyRows = await test.db
    .select()
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .orderBy(asc(currencies.sortOrder));
  const pairs = await test.db.select().from(currencyPairs).orderBy(asc(currencyPairs.sortOrder));
  const fields = await test.db.select().from(currencyFields);
  const byId = new Map(currencyRows.map((row) => [row.currencies.id, row]));
  return { currencyRows, pairs, fields, byId };
}

describe("seedDemoCatalogue", () => {
  it("creates a realistic catalogue: 20+ currencies and 60+ active pairs", async () => {
    const { currencyRows, pairs } = await catalogue();
    expect(firstSeed).toEqual({
      seeded: true,
      currencies: currencyRows.length,
      pairs: pairs.length,
    });
    expect(currencyRows.length).toBeGreaterThanOrEqual(20);
    expect(pairs.filter((pair) => pair.active).length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(currencyRows.map((row) => row.currencies.kind));
    expect(kinds).toEqual(new Set(["crypto", "bank", "ewallet"]));
  });

  it("sets one side of every rate to 1, with the operator's markup against the customer", async () => {
    const { pairs } = await catalogue();
    for (const pair of pairs) {
      expect([pair.sendRate, pair.receiveRate]).toContain("1");
      expect([pair.sendRateReal, pair.receiveRateReal]).toContain("1");
      // Customer's receive per send unit, offered vs market: offered must be 0.4–3.1% worse.
      const offered = divide(parseDecimal(pair.receiveRate), parseDecimal(pair.sendRate));
      const market = divide(parseDecimal(pair.receiveRateReal), parseDecimal(pair.sendRateReal));
      expect(compare(offered, multiply(market, parseDecimal("0.996")))).toBeLessThanOrEqual(0);
      expect(compare(offered, multiply(market, parseDecimal("0.969")))).toBeGreaterThanOrEqual(0);
    }
  });

  it("charges the network fee on crypto payouts and nothing on bank payouts", async () => {
    const { pairs, byId } = await catalogue();
    for (const pair of pairs) {
      const receive = byId.get(pair.receiveCurrencyId)!.currencies;
      if (receive.kind === "crypto") expect(pair.comissionAmount).not.toBe("0");
      if (receive.kind === "bank") expect(pair.comissionAmount).toBe("0");
    }
    const usdtPayout = pairs.find(
      (pair) => byId.get(pair.receiveCurrencyId)!.currencies.urlXml === "USDTTRC20",
    );
    expect(usdtPayout?.comissionAmount).toBe("1");
  });

  it("gives every pay system an icon file that exists", async () => {
    const { currencyRows } = await catalogue();
    for (const { pay_systems: paySystem } of currencyRows) {
      expect(paySystem.icon).toMatch(/^\/icons\/[a-z0-9-]+\.svg$/);
      expect(existsSync(`${webPublic}${paySystem.icon}`), paySystem.icon).toBe(true);
    }
  });

  it("lets some pair limits exceed the receive reserve, so the reserve cap shows", async () => {
    const { pairs, byId } = await catalogue();
    const capped = pairs.filter((pair) => {
      const send = byId.get(pair.sendCurrencyId)!.currencies;
      const receive = byId.get(pair.receiveCurrencyId)!.currencies;
      const maxSend = parseDecimal(pair.maxSendSum ?? send.sendMax ?? "999999");
      const rate = divide(parseDecimal(pair.receiveRate), parseDecimal(pair.sendRate));
      return compare(multiply(maxSend, rate), parseDecimal(receive.reserve)) > 0;
    });
    expect(capped.length).toBeGreaterThanOrEqual(3);
  });

  it("defines order fields natively in ru/en/uk, with unique keys within every pair", async () => {
    const { pairs, fields, byId } = await catalogue();
    const cyrillic = /[а-яёіїєґ]/i;
    for (const field of fields) {
      expect(field.labelRu).toMatch(cyrillic);
      expect(field.labelUk).toMatch(cyrillic);
      expect(field.labelEn).not.toMatch(cyrillic);
      expect(field.labelRu).not.toBe(field.labelUk);
    }
    for (const pair of pairs) {
      const pairFields = fields.filter(
        (field) =>
          (field.currencyId === pair.sendCurrencyId && field.side === "send") ||
          (field.currencyId === pair.receiveCurrencyId && field.side === "receive"),
      );
      const keys = pairFields.map((field) => field.key);
      expect(new Set(keys).size).toBe(keys.length);
      const receive = byId.get(pair.receiveCurrencyId)!.currencies;
      if (receive.kind === "crypto") {
        const address = pairFields.find((field) => field.type === "crypto_address");
        expect(address?.network).toBeTruthy();
        expect(address?.required).toBe(true);
      }
    }
    const tronAddress = fields.find(
      (field) =>
        field.currencyId ===
          [...byId.values()].find((row) => row.currencies.urlXml === "USDTTRC20")!.currencies.id &&
        field.type === "crypto_address",
    );
    expect(tronAddress).toMatchObject({ network: "TRX", labelRu: "Адрес кошелька USDT (TRC20)" });
    const sberSend = fields.filter(
      (field) =>
        field.currencyId ===
          [...byId.values()].find((row) => row.currencies.urlXml === "SBERRUB")!.currencies.id &&
        field.side === "send",
    );
    expect(sberSend.map((field) => field.type).sort()).toEqual(["card_number", "full_name"]);
  });

  it("can be read as the API's pair entries through relational queries", async () => {
    const pair = await test.db.query.currencyPairs.findFirst({
      orderBy: asc(currencyPairs.sortOrder),
      with: {
        sendCurrency: { with: { paySystem: true, fields: true } },
        receiveCurrency: { with: { paySystem: true, fields: true } },
      },
    });
    expect(pair?.sendCurrency.paySystem.icon).toMatch(/^\/icons\//);
    expect(pair?.receiveCurrency.fields.some((field) => field.side === "receive")).toBe(true);
  });

  it("marks its payment targets as demo for as long as nobody replaces them", async () => {
    const { currencyRows } = await catalogue();
    const withTarget = currencyRows.filter((row) => row.currencies.paymentTarget !== null);
    expect(withTarget.length).toBeGreaterThanOrEqual(20);
    expect(withTarget.every((row) => row.currencies.paymentTargetDemo)).toBe(true);

    const btc = withTarget.find((row) => row.currencies.urlXml === "BTC")!.currencies;
    const demoAgain = { paymentTarget: btc.paymentTarget };
    const real = { paymentTarget: "bc1q9h6tq79pmvwq2l8mnv6mqhqh0wv3gflkv2edzn" };
    const demoOf = async (values: typeof real | typeof demoAgain) => {
      const [row] = await test.db
        .update(currencies)
        .set(values)
        .where(eq(currencies.id, btc.id))
        .returning({ demo: currencies.paymentTargetDemo });
      return row?.demo;
    };
    // An operator's own address is real without touching the flag; the placeholder stays demo.
    expect(await demoOf(real)).toBe(false);
    expect(await demoOf(demoAgain)).toBe(true);
  });

  it("does nothing on a catalogue that already has currencies", async () => {
    const before = await catalogue();
    expect(await seedDemoCatalogue(test.db)).toEqual({ seeded: false, currencies: 0, pairs: 0 });
    const after = await catalogue();
    expect(after.currencyRows.length).toBe(before.currencyRows.length);
    expect(after.pairs.length).toBe(before.pairs.length);
    expect(after.fields.length).toBe(before.fields.length);
  });

  it("names banks in each language, where a language writes them its own way", async () => {
    const rows = await test.db.select().from(paySystems).orderBy(asc(paySystems.name));
    const names = Object.fromEntries(
      rows.map((row) => [row.name, [row.nameRu, row.nameEn, row.nameUk]]),
    );
    expect(names.Sberbank).toEqual(["Сбербанк", null, "Сбербанк"]);
    expect(names.PrivatBank).toEqual(["ПриватБанк", null, "ПриватБанк"]);
    expect(names.Monobank).toEqual(["monobank", "monobank", "monobank"]);
    expect(names.YooMoney).toEqual(["ЮMoney", null, "ЮMoney"]);
    // Brands written the same everywhere keep their one name.
    expect(names.Bitcoin).toEqual([null, null, null]);
  });

  it("names the demo's banks in a catalogue seeded before they had names, not an operator's", async () => {
    const unnamed = { nameRu: null, nameEn: null, nameUk: null };
    await test.db.update(paySystems).set(unnamed).where(eq(paySystems.name, "Sberbank"));
    await test.db
      .update(paySystems)
      .set({ ...unnamed, nameRu: "Сбер" })
      .where(eq(paySystems.name, "VTB"));
    expect(await seedDemoCatalogue(test.db)).toEqual({ seeded: false, currencies: 0, pairs: 0 });
    const [sberbank] = await test.db
      .select()
      .from(paySystems)
      .where(eq(paySystems.name, "Sberbank"));
    expect(sberbank).toMatchObject({ nameRu: "Сбербанк", nameEn: null, nameUk: "Сбербанк" });
    const [vtb] = await test.db.select().from(paySystems).where(eq(paySystems.name, "VTB"));
    expect(vtb).toMatchObject({ nameRu: "Сбер", nameEn: null, nameUk: null });
  });
});

describe("ensureApiClient", () => {
  it("creates the client, then brings it back in line with the configuration", async () => {
    const created = await ensureApiClient(test.db, { publicKey: "web", secret: "s1", name: "Web" });
    expect(created).toMatchObject({
      publicKey: "web",
      secret: "s1",
      algorithm: "sha256",
      active: true,
    });
    await test.db.update(apiClients).set({ active: false }).where(eq(apiClients.id, created.id));
    const updated = await ensureApiClient(test.db, {
      publicKey: "web",
      secret: "s2",
      name: "Web tier",
      algorithm: "hmac-sha256",
    });
    expect(updated).toMatchObject({ id: created.id, secret: "s2", name: "Web tier", active: true });
    expect(await test.db.select().from(apiClients)).toHaveLength(1);

    // A rotated public key under the same name: the same client, with the new key.
    const rotated = await ensureApiClient(test.db, {
      publicKey: "web-2",
      secret: "s3",
      name: "Web tier",
    });
    expect(rotated).toMatchObject({ id: created.id, publicKey: "web-2", secret: "s3" });
    expect(await test.db.select().from(apiClients)).toHaveLength(1);
  });
});
