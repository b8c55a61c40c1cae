import { type Database, monitorOffers } from "@obmen/db";
import { inArray } from "drizzle-orm";

/** The stored offers of directions (`93-42`), for the pairs that follow them. */
export async function loadMonitorOffers(
  db: Pick<Database, "select">,
  directions: string[],
): Promise<Map<string, { changer: number; rate: string; fetchedAt: Date }[]>> {
  const byDirection = new Map<string, { changer: number; rate: string; fetchedAt: Date }[]>();
  if (directions.length === 0) return byDirection;
  const rows = await db
    .select()
    .from(monitorOffers)
    .where(inArray(monitorOffers.direction, directions));
  for (const row of rows) {
    const list = byDirection.get(row.direction) ?? [];
    list.push({ changer: row.changer, rate: row.rate, fetchedAt: row.fetchedAt });
    byDirection.set(row.direction, list);
  }
  return byDirection;
}
