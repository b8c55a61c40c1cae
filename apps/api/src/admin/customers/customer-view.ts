import type { AdminCustomer } from "@obmen/contracts";
import type { users } from "@obmen/db";

export function customerView(user: typeof users.$inferSelect): AdminCustomer {
  return {
    id: user.id,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    blocked_at: user.blockedAt?.toISOString() ?? null,
    blocked_reason: user.blockedReason,
  };
}
