import type { Wallet } from "@obmen/contracts";
import { type Database, userWallets } from "@obmen/db";
import { desc, eq } from "drizzle-orm";
import { walletView } from "./wallet-view.ts";

/** `/rest/user/wallet/list`: the user's saved payout details, newest first. */
export async function listWallets(options: { db: Database; userId: string }): Promise<Wallet[]> {
  const rows = await options.db
    .select()
    .from(userWallets)
    .where(eq(userWallets.userId, options.userId))
    .orderBy(desc(userWallets.createdAt), desc(userWallets.id));
  return rows.map(walletView);
}
