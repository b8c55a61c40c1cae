import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, userTemplates } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { canBeRowId } from "../user-records.ts";

/** `/rest/user/template/delete`: another user's id is as absent as an unknown one (404). */
export async function deleteTemplate(options: { db: Database; userId: string; id: number }) {
  if (!canBeRowId(options.id)) throw new AppError(ErrorCode.NOT_FOUND);
  const deleted = await options.db
    .delete(userTemplates)
    .where(and(eq(userTemplates.id, options.id), eq(userTemplates.userId, options.userId)))
    .returning({ id: userTemplates.id });
  if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND);
  return {};
}
