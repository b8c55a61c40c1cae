import { and, eq, isNull } from "drizzle-orm";
import type { Transaction } from "../connection.ts";
import { paySystems } from "../schema/catalogue.ts";
import { demoCurrencies } from "./demo-currencies.ts";

/**
 * Gives the demo's payment systems their names per language ("Сбербанк", "ПриватБанк") in a
 * catalogue seeded before pay systems had any: only a row that still has the demo's name and no
 * name in any language, so an operator's own naming is never touched. Returns how many it named.
 */
export async function nameDemoPaySystems(tx: Transaction): Promise<number> {
  let named = 0;
  for (const { paySystem } of demoCurrencies) {
    const { name, nameRu = null, nameEn = null, nameUk = null } = paySystem;
    if (nameRu === null && nameEn === null && nameUk === null) continue;
    const rows = await tx
      .update(paySystems)
      .set({ nameRu, nameEn, nameUk })
      .where(
        and(
          eq(paySystems.name, name),
          isNull(paySystems.nameRu),
          isNull(paySystems.nameEn),
          isNull(paySystems.nameUk),
        ),
      )
      .returning({ id: paySystems.id });
    named += rows.length;
  }
  return named;
}
