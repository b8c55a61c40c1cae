import { currencies, orderEvents, paySystems } from "@obmen/db";
import { eq } from "drizzle-orm";
import type { CatalogueChanges } from "../catalogue/catalogue-changes.ts";
import { enqueueOrderMail, loadOrderMailDisplay, prepareOrderMail } from "../mail/index.ts";
import type { OrderEffects } from "./order-effects.ts";
import { paymentInstructions } from "./payment-instructions.ts";
import { throttlePublish } from "./throttled-publish.ts";

/** How stale the reserve shown in lists may get under a rush of orders (throttled-publish.ts). */
const RESERVE_PUBLISH_INTERVAL_MS = 250;

/** The production wiring of order side effects (see order-effects.ts). */
export function createOrderEffects(options: {
  catalogueChanges: CatalogueChanges;
  appUrl: string;
}): OrderEffects {
  const publishReserveChange = throttlePublish({
    publish: () => options.catalogueChanges.publish(),
    intervalMs: RESERVE_PUBLISH_INTERVAL_MS,
    onError: (error) => console.error("[orders] publishing a reserve change failed:", error),
  });
  return {
    async recordChange({ tx, order, status, actor, actorId, comment, at, mail }) {
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
      const display = mail?.display ?? (await loadOrderMailDisplay({ tx, order }));
      const event =
        status === "new"
          ? {
              type: "created" as const,
              paymentInstructions: mail?.paymentInstructions ?? (await instructionsFor(tx, order)),
            }
          : { type: "status_changed" as const, comment: comment ?? null };
      await enqueueOrderMail({ tx, order, display, event, appUrl: options.appUrl });
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

async function instructionsFor(
  tx: Parameters<OrderEffects["recordChange"]>[0]["tx"],
  order: Parameters<OrderEffects["recordChange"]>[0]["order"],
) {
  const [send] = await tx
    .select({ currency: currencies, paySystem: paySystems })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .where(eq(currencies.id, order.sendCurrencyId));
  return paymentInstructions({
    currency: {
      currencyCode: send!.currency.currencyCode,
      kind: send!.currency.kind,
      networkCode: send!.paySystem.networkCode,
      paySystemName: send!.paySystem.name,
      paymentTarget: send!.currency.paymentTarget,
      paymentHolder: send!.currency.paymentHolder,
    },
    amount: order.sendAmount,
    lang: order.locale === "en" || order.locale === "uk" ? order.locale : "ru",
  });
}
