import { count, sql } from "drizzle-orm";
import type { Database } from "../connection.ts";
import { currencies, currencyFields, currencyPairs, paySystems } from "../schema/catalogue.ts";
import { demoCurrencies } from "./demo-currencies.ts";
import { demoFields } from "./demo-fields.ts";
import { buildDemoPair, demoPairSpecs } from "./demo-pairs.ts";
import { demoPaymentTargets } from "./demo-payment-targets.ts";
import { nameDemoPaySystems } from "./name-demo-pay-systems.ts";

/** Advisory lock key ("obms") so replicas starting together seed once, not twice. */
const SEED_LOCK_KEY = 0x6f626d73;

export type SeedResult = { seeded: boolean; currencies: number; pairs: number };

/**
 * Fills an empty catalogue with the demo exchange (first start, DESIGN "Process model"). Once
 * any currency exists it only names the demo's payment systems in each language where an
 * older seed left them without (name-demo-pay-systems.ts), and touches nothing else. One
 * transaction: a crash mid-seed leaves an empty catalogue that the next start seeds again.
 * Only for the embedded default and `SEED_DEMO=true`, never an empty production database:
 * callers ask `shouldSeedDemo` first (docs/decisions/018-demo-data.md).
 */
export async function seedDemoCatalogue(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ total: count() }).from(currencies);
    if ((existing?.total ?? 0) > 0) {
      await nameDemoPaySystems(tx);
      return { seeded: false, currencies: 0, pairs: 0 };
    }

    const paySystemRows = await tx
      .insert(paySystems)
      .values(demoCurrencies.map((currency) => currency.paySystem))
      .returning({ id: paySystems.id, name: paySystems.name });
    const paySystemIds = new Map(paySystemRows.map((row) => [row.name, row.id]));

    const currencyRows = await tx
      .insert(currencies)
      .values(
        demoCurrencies.map((currency, index) => ({
          paySystemId: paySystemIds.get(currency.paySystem.name)!,
          currencyCode: currency.currencyCode,
          urlXml: currency.urlXml,
          kind: currency.kind,
          decimals: currency.decimals,
          reserve: currency.reserve,
          reserveName: currency.reserveName,
          sendMin: currency.sendMin,
          sendMax: currency.sendMax,
          sortOrder: (index + 1) * 10,
          paymentTarget: demoPaymentTargets[currency.urlXml]?.target ?? null,
          paymentHolder: demoPaymentTargets[currency.urlXml]?.holder ?? null,
          // Marks the target as the demo's until an operator replaces it (payment_target_demo).
          demoPaymentTarget: demoPaymentTargets[currency.urlXml]?.target ?? null,
        })),
      )
      .returning({ id: currencies.id, urlXml: currencies.urlXml });
    const currencyIds = new Map(currencyRows.map((row) => [row.urlXml, row.id]));

    await tx.insert(currencyFields).values(
      demoCurrencies.flatMap((currency) =>
        demoFields(currency.fields).map((field, index) => ({
          ...field,
          currencyId: currencyIds.get(currency.urlXml)!,
          sortOrder: (index + 1) * 10,
        })),
      ),
    );

    const byCode = new Map(demoCurrencies.map((currency) => [currency.urlXml, currency]));
    const pairRows = demoPairSpecs.map((spec, index) => {
      const send = byCode.get(spec.send);
      const receive = byCode.get(spec.receive);
      if (!send || !receive) throw new Error(`Demo pair ${spec.send}>${spec.receive} is unknown`);
      const { send: _send, receive: _receive, ...pair } = buildDemoPair(spec, send, receive);
      return {
        ...pair,
        sendCurrencyId: currencyIds.get(spec.send)!,
        receiveCurrencyId: currencyIds.get(spec.receive)!,
        sortOrder: (index + 1) * 10,
      };
    });
    await tx.insert(currencyPairs).values(pairRows);

    return { seeded: true, currencies: currencyRows.length, pairs: pairRows.length };
  });
}
