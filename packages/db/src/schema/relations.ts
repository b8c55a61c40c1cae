import { relations } from "drizzle-orm";
import { currencies, currencyFields, currencyPairs, paySystems } from "./catalogue.ts";
import { orderEvents, orderReceipts, orderReviews, orders, reserveHolds } from "./orders.ts";

// Relations only feed Drizzle's relational queries (`db.query.currencyPairs.findMany({ with })`);
// they create no SQL. The foreign keys live on the tables.

export const paySystemsRelations = relations(paySystems, ({ many }) => ({
  currencies: many(currencies),
}));

export const currenciesRelations = relations(currencies, ({ one, many }) => ({
  paySystem: one(paySystems, { fields: [currencies.paySystemId], references: [paySystems.id] }),
  fields: many(currencyFields),
}));

export const currencyFieldsRelations = relations(currencyFields, ({ one }) => ({
  currency: one(currencies, { fields: [currencyFields.currencyId], references: [currencies.id] }),
}));

export const currencyPairsRelations = relations(currencyPairs, ({ one }) => ({
  sendCurrency: one(currencies, {
    fields: [currencyPairs.sendCurrencyId],
    references: [currencies.id],
  }),
  receiveCurrency: one(currencies, {
    fields: [currencyPairs.receiveCurrencyId],
    references: [currencies.id],
  }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  pair: one(currencyPairs, { fields: [orders.pairId], references: [currencyPairs.id] }),
  sendCurrency: one(currencies, { fields: [orders.sendCurrencyId], references: [currencies.id] }),
  receiveCurrency: one(currencies, {
    fields: [orders.receiveCurrencyId],
    references: [currencies.id],
  }),
  events: many(orderEvents),
  receipts: many(orderReceipts),
  review: one(orderReviews),
  reserveHold: one(reserveHolds),
}));

export const orderEventsRelations = relations(orderEvents, ({ one }) => ({
  order: one(orders, { fields: [orderEvents.orderId], references: [orders.id] }),
}));

export const orderReceiptsRelations = relations(orderReceipts, ({ one }) => ({
  order: one(orders, { fields: [orderReceipts.orderId], references: [orders.id] }),
}));

export const orderReviewsRelations = relations(orderReviews, ({ one }) => ({
  order: one(orders, { fields: [orderReviews.orderId], references: [orders.id] }),
}));

export const reserveHoldsRelations = relations(reserveHolds, ({ one }) => ({
  order: one(orders, { fields: [reserveHolds.orderId], references: [orders.id] }),
  currency: one(currencies, { fields: [reserveHolds.currencyId], references: [currencies.id] }),
}));
