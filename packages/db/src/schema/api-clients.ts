import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

export const signatureAlgorithms = ["sha256", "hmac-sha256"] as const;
export type SignatureAlgorithm = (typeof signatureAlgorithms)[number];

/**
 * A caller of the signed REST API (spec §7), the web tier's own client included. The secret is
 * kept as given, not hashed: both signature schemes need it to recompute the digest.
 */
export const apiClients = pgTable(
  "api_clients",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Unique, so replicas generating the web tier's client at once keep a single row. */
    name: text("name").notNull().unique(),
    publicKey: text("public_key").notNull().unique(),
    secret: text("secret").notNull(),
    /** `sha256` is the spec's sha256(data‖secret); `hmac-sha256` the stronger option. */
    algorithm: text("algorithm").$type<SignatureAlgorithm>().notNull().default("sha256"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check("api_clients_algorithm_check", sql`${t.algorithm} in ('sha256', 'hmac-sha256')`)],
);
