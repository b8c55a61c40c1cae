import type { OrderMailStrings } from "./order-mail-strings.ts";

export const en: OrderMailStrings = {
  intlLocale: "en-GB",
  subjectCreated: ({ number }) => `Order ${number} created`,
  subjectStatusChanged: ({ number, status }) => `Order ${number}: ${status}`,
  greeting: "Hello,",
  createdIntro: ({ expiresAt }) =>
    `Your exchange order has been created. The rate is locked until ${expiresAt}: pay before then to exchange at this rate.`,
  paymentHeading: "How to pay",
  demoTarget:
    "Demo details — do not pay. This is a sample from the demo catalogue, not the exchange’s account: money sent to it cannot be recovered.",
  afterPayment:
    "Once you have sent the payment, open the order page and mark the order as paid so we can find your payment sooner.",
  statusChangedIntro: ({ status }) => `Your order status has changed to “${status}”.`,
  operatorComment: "Operator’s comment",
  detailsHeading: "Order details",
  labels: {
    number: "Order number",
    createdAt: "Created",
    pair: "Exchange direction",
    send: "You send",
    receive: "You receive",
    rate: "Exchange rate",
    fee: "Fee",
    expiresAt: "Rate locked until",
    status: "Status",
  },
  feeIncluded: "already deducted from the amount you receive",
  yourDetails: "Your details",
  openOrder: "Open the order",
  orderLinkIntro: "Track your order on its page:",
  footer:
    "This e-mail was sent automatically; there is no need to reply. If you did not create this order, please ignore this message.",
  statuses: {
    new: {
      name: "New",
      next: "We are waiting for your payment. Send the amount using the details on the order page while the locked rate is valid.",
    },
    paid: {
      name: "Checking payment",
      next: "You have marked the order as paid. We are checking that the funds have arrived; as soon as they do, an operator will start processing the order. You don’t need to do anything.",
    },
    processing: {
      name: "Processing",
      next: "Your payment has been received and an operator is preparing the payout to the details you provided. We will let you know as soon as the funds are sent.",
    },
    completed: {
      name: "Completed",
      next: "The funds have been sent to your details. Thank you for choosing us! We would appreciate a review on the order page.",
    },
    cancelled: {
      name: "Cancelled",
      next: "The order has been cancelled and no exchange will take place. If you have already sent money, contact support and quote the order number; we will sort it out.",
    },
    expired: {
      name: "Expired",
      next: "We did not receive your payment in time, and the locked rate is no longer valid. If you still want to exchange, please create a new order. If you have already sent the money, contact support and quote the order number.",
    },
    hold: {
      name: "On hold",
      next: "The order needs an additional check (identity verification or an AML review). If we need documents or more information, an operator will write to you at this address.",
    },
    error: {
      name: "Processing error",
      next: "Something went wrong while processing the order. An operator is already looking into it and will get in touch. If you have questions, contact support and quote the order number.",
    },
    refunded: {
      name: "Refunded",
      next: "We have refunded the funds to the account they came from. How long they take to arrive depends on your bank or network.",
    },
  },
};
