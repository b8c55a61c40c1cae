import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, orderReviews, orders } from "@obmen/db";
import { eq } from "drizzle-orm";

/** `/rest/exchange/review`: one review per order, only once it is completed. */
export async function reviewOrder(options: {
  db: Database;
  orderId: string;
  rating: number;
  text: string;
}): Promise<{ exchange_uuid: string; rating: number }> {
  const { db, orderId } = options;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw new AppError(ErrorCode.NOT_FOUND);
    if (order.status !== "completed") {
      throw new AppError(ErrorCode.CONFLICT, {
        details: { exchange_status: order.status },
      });
    }
    const inserted = await tx
      .insert(orderReviews)
      .values({ orderId, rating: options.rating, text: options.text || null })
      .onConflictDoNothing()
      .returning({ orderId: orderReviews.orderId });
    if (inserted.length === 0) {
      throw new AppError(ErrorCode.CONFLICT, {
        details: { reason: "already_reviewed" },
      });
    }
    return { exchange_uuid: orderId, rating: options.rating };
  });
}
