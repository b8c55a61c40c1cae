import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, userWallets } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { canBeRowId } from "../user-records.ts";

/**
 * `/rest/user/wallet/delete`: the owner is part of the statement, so another user's id is
 * exactly as absent as an unknown one (404, issue 13), and nothing is deleted.
 */
export async function deleteWallet(options: { db: Database; userId: string; id: number }) {
  if (!canBeRowId(options.id)) throw new AppError(ErrorCode.NOT_FOUND);
  const deleted = await options.db
    .delete(userWallets)
    .where(and(eq(userWallets.id, options.id), eq(userWallets.userId, options.userId)))
    .returning({ id: userWallets.id });
  if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND);
  return {};
}
