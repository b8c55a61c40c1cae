import { type Database, orderPaymentTargets } from "@obmen/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { installErrorHandling } from "../http/error-handler.ts";
import type { OrderEffects } from "../orders/effects/order-effects.ts";
import { isBtcpaySignatureValid } from "./btcpay-source.ts";
import { creditConfirmedPayment } from "./credit-confirmed-payment.ts";
import type { PaymentSource } from "./payment-source.ts";
import { recordObservedTransfers } from "./record-observed-transfers.ts";

/** A webhook body is a few hundred bytes; nothing larger is read. */
const BODY_LIMIT = 64 * 1024;

/** The fields of a Greenfield webhook delivery this route reads (BTCPay's webhook docs). */
const Delivery = z.object({ invoiceId: z.string().min(1).max(100), type: z.string() });

/**
 * `POST /webhooks/btcpay` (issue 28): BTCPay Server says an invoice changed. The `BTCPay-Sig`
 * HMAC over the raw body is checked before anything is parsed (no secret configured, no header
 * or a wrong one: 401, nothing read, nothing changed). The delivery is only a hint: the
 * invoice's payments are read back from the Greenfield API and go through the same crediting
 * path as the polling fallback, so a replayed or forged-but-signed delivery cannot credit
 * anything the API does not show, and an unknown invoice changes nothing.
 */
export function registerBtcpayWebhook(
  app: FastifyInstance,
  options: {
    db: Database;
    effects: OrderEffects;
    appUrl: string;
    secret: string | undefined;
    source: PaymentSource | undefined;
  },
) {
  return app.register(async (scope) => {
    // A body over the limit, or a source failing mid-read, answers in the API's error shape.
    installErrorHandling(scope);
    // The signature is over the bytes BTCPay sent: keep them whole, whatever the content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post("/webhooks/btcpay", async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers["btcpay-sig"];
      const valid =
        options.secret !== undefined &&
        isBtcpaySignatureValid({
          secret: options.secret,
          rawBody,
          header: Array.isArray(header) ? header[0] : header,
        });
      if (!valid) {
        return reply.code(401).send({
          error: { code: "UNAUTHORIZED", message: "BTCPay-Sig is missing or wrong" },
        });
      }
      let delivery: z.infer<typeof Delivery> | null = null;
      try {
        const parsed = Delivery.safeParse(JSON.parse(rawBody.toString("utf8")));
        delivery = parsed.success ? parsed.data : null;
      } catch {
        delivery = null;
      }
      if (!delivery) {
        return reply.code(400).send({
          error: { code: "VALIDATION_FAILED", message: "not a BTCPay invoice delivery" },
        });
      }
      const [target] = await options.db
        .select()
        .from(orderPaymentTargets)
        .where(eq(orderPaymentTargets.invoiceId, delivery.invoiceId));
      if (target && options.source) {
        const observed = await options.source.observe([target]);
        const transfers = observed.get(target.orderId) ?? [];
        await recordObservedTransfers({ db: options.db, orderId: target.orderId, transfers });
        await creditConfirmedPayment({
          db: options.db,
          effects: options.effects,
          appUrl: options.appUrl,
          orderId: target.orderId,
        });
      } else {
        request.log.info({ invoice: delivery.invoiceId }, "btcpay webhook for an unknown invoice");
      }
      return reply.send({ data: { received: true } });
    });
  });
}
