import { orderEvents } from "@obmen/db";
import type { PgBoss } from "pg-boss";
import type { CatalogueChanges } from "../catalogue/catalogue-changes.ts";
import type { OrderEffects } from "./order-effects.ts";
import { enqueueOrderExpiry } from "./order-jobs.ts";

/** The production wiring of order side effects (see order-effects.ts). */
export function createOrderEffects(options: {
  boss: PgBoss | null;
  catalogueChanges: CatalogueChanges;
}): OrderEffects {
  return {
    async recordChange({ tx, orderId, status, actor, actorId, comment, at }) {
      await tx.insert(orderEvents).values({
        orderId,
        status,
        actorKind: actor,
        actorId: actorId ?? null,
        comment: comment ?? null,
        createdAt: at,
      });
    },
    async scheduleExpiry({ tx, orderId, expiresAt }) {
      // Without a job runner (a process started with jobs off) the minutely sweep of another
      // replica, or of this one on restart, still expires the order.
      if (options.boss) await enqueueOrderExpiry({ boss: options.boss, tx, orderId, expiresAt });
    },
    async afterCommit({ reserveChanged }) {
      // Reserves are part of the cached pair list and the rates export.
      if (reserveChanged) await options.catalogueChanges.publish();
    },
  };
}
