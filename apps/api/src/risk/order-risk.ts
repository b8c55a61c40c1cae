import type { Database } from "@obmen/db";
import { assessOrderRisk, type RiskFlag, type RiskSubject } from "./assess-order-risk.ts";

/**
 * The create's one risk step (issue 29): why a new order should be held, read before the
 * create's transaction, which then writes the flags and the hold with the order
 * (hold-risky-order.ts). Empty: an ordinary order.
 */
export interface OrderRisk {
  assess(subject: RiskSubject): Promise<RiskFlag[]>;
}

export function createOrderRisk(options: { db: Database; cardKey: Buffer }): OrderRisk {
  return {
    assess: (subject) => assessOrderRisk({ db: options.db, cardKey: options.cardKey, subject }),
  };
}
