import { orderEvents } from "@obmen/db";
import type { FastifyBaseLogger } from "fastify";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { enqueueOrderMail, loadOrderMailDisplay, prepareOrderMail } from "../../mail/index.ts";
import type { OrderEffects } from "./order-effects.ts";
import { throttlePublish } from "./throttled-publish.ts";

/**
 * How stale the reserve shown in lists may get under a rush of orders (throttled-publish.ts).
 * Every publish makes each replica reload its pair list; at 250 ms that reload was 4% of the
 * CPU of a rush. A second is still fresher than rate monitors poll, and the reserve that
 * decides an order is always the database's.
 */
const RESERVE_PUBLISH_INTERVAL_MS = 1_000;

/** The production wiring of order side effects (see order-effects.ts). */
export function createOrderEffects(options: {
  catalogueChanges: CatalogueChanges;
  appUrl: string;
  /** The server's logger (Fastify's `app.log`). */
  log: Pick<FastifyBaseLogger, "error">;
}): OrderEffects {
  const publishReserveChange = throttlePublish({
    publish: () => options.catalogueChanges.publish(),
    intervalMs: RESERVE_PUBLISH_INTERVAL_MS,
    onError: (error) => options.log.error({ err: error }, "publishing a reserve change failed"),
  });
  return {
    async recordChange({ tx, order, status, actor, actorId, comment, payoutReference, at }) {
      await tx.insert(orderEvents).values({
        orderId: order.id,
        status,
        actorKind: actor,
        actorId: actorId ?? null,
        comment: comment ?? null,
        createdAt: at,
      });
      // The customer hears of every change (monitors require it), in the order's language,
      // from the outbox written in this very transaction.
      await enqueueOrderMail({
        tx,
        order,
        display: await loadOrderMailDisplay({ tx, order }),
        event: {
          type: "status_changed",
          comment: comment ?? null,
          ...(payoutReference ? { payoutReference } : {}),
        },
        appUrl: options.appUrl,
      });
    },
    createdMail({ order, display, paymentInstructions }) {
      return prepareOrderMail({
        order,
        display,
        event: { type: "created", paymentInstructions },
        appUrl: options.appUrl,
      });
    },
    async afterCommit({ reserveChanged }) {
      // Reserves are part of the cached pair list and the rates export.
      if (reserveChanged) await publishReserveChange();
    },
  };
}
