import type { Template } from "@obmen/contracts";
import { type Database, userTemplates } from "@obmen/db";
import { desc, eq } from "drizzle-orm";
import { templateView } from "./template-view.ts";

/**
 * `/rest/user/template/list`: every template of the user, newest first, including those whose
 * direction is out of service now (the page can say so; the calculator simply finds no pair).
 */
export async function listTemplates(options: {
  db: Database;
  userId: string;
}): Promise<Template[]> {
  const rows = await options.db
    .select()
    .from(userTemplates)
    .where(eq(userTemplates.userId, options.userId))
    .orderBy(desc(userTemplates.createdAt), desc(userTemplates.id));
  return rows.map(templateView);
}
