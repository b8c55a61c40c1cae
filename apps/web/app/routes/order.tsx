import type { OrderStatus } from "@obmen/contracts";
import { acceptsReceipts, formatAmount, formatRate, isTerminal } from "@obmen/domain";
import { data, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { readForm } from "../account/read-form.server.ts";
import { visitorCaller } from "../account/visitor.server.ts";
import { isApiCallError } from "../api-call-error.ts";
import { parseFormData } from "../forms/parse-form-data.ts";
import { getServerT } from "../i18n/catalogs.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname } from "../i18n/locale.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { asksToCancel, CancelOrderDialog, CONFIRM_PARAM } from "../order/cancel-order-dialog.tsx";
import { CopyButton } from "../order/copy-button.tsx";
import { readCreatorKey } from "../order/creator-keys.server.ts";
import { LocalTime } from "../order/local-time.tsx";
import { OrderActionForm, orderActionMessage } from "../order/order-action-form.server.ts";
import { OrderFields } from "../order/order-fields.tsx";
import { isOrderId } from "../order/order-id.ts";
import { PaymentPanel } from "../order/payment-panel.tsx";
import { PaymentReceived } from "../order/payment-received.tsx";
import { loadRecalculation, sendRecalculationAnswer } from "../order/recalculation.server.ts";
import { RecalculationPanel } from "../order/recalculation-panel.tsx";
import { ReceiptUpload } from "../order/receipt-upload.tsx";
import { renderQrSvg } from "../order/render-qr-svg.server.ts";
import { ReviewForm } from "../order/review-form.tsx";
import { sendReceipt } from "../order/send-receipt.server.ts";
import { useJustCreated } from "../order/use-just-created.ts";
import { useRevalidateEvery } from "../routing/use-revalidate-every.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/order";
import "../calculator/calculator.css";
import "../order/order.css";

/** How often a page showing a live order asks for its status. */
const STATUS_POLL_MS = 10_000;
/** `?receipt=sent` after an upload, so the page can say it arrived (post/redirect/get). */
const RECEIPT_SENT_PARAM = "receipt";

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const notFound = () => data(`Page Not Found: ${url.pathname}`, { status: 404 });
  if (!isOrderId(params.id)) throw notFound();
  const { api } = context.get(webContext);
  const caller = visitorCaller(context, request, localeFromPathname(url.pathname));
  let order: Awaited<ReturnType<typeof api.orders.info>>;
  try {
    // The creator's browser holds its key: the e-mail in full, no e-mail to type (decision 052).
    const creatorKey = readCreatorKey(request.headers.get("cookie"), params.id);
    order = await api.orders.info(caller, params.id, creatorKey);
  } catch (error) {
    if (isApiCallError(error) && error.status === 404) throw notFound();
    throw error;
  }
  const { qr_payload } = order.payment;
  // The payment details stay on the page (folded once paid) until the order is finished.
  const qrSvg =
    !isTerminal(order.exchange_status) && qr_payload ? await renderQrSvg(qr_payload) : null;
  const recalculation = await loadRecalculation({
    api,
    caller,
    orderId: params.id,
    status: order.exchange_status,
  });
  return { order, qrSvg, recalculation, serverNow: Date.now() };
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  if (!isOrderId(params.id)) throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
  const locale = localeFromPathname(url.pathname);
  const t = getServerT(locale);
  const { api } = context.get(webContext);
  const caller = visitorCaller(context, request, locale);
  const submission = parseFormData(await readForm(request), {
    schema: OrderActionForm,
    message: orderActionMessage(t),
  });
  if (!submission.success) {
    const { intent } = submission.payload;
    const [error] = Object.values(submission.errors);
    // An unknown intent is a stale page (400); a refused value, the visitor's to fix (422).
    const status = "intent" in submission.errors ? 400 : 422;
    return data({ intent: typeof intent === "string" ? intent : null, error }, { status });
  }
  const form = submission.value;
  if (form.intent === "receipt") {
    const refused = await sendReceipt({ api, caller, orderId: params.id, file: form.receipt });
    if (refused)
      return data({ intent: form.intent, error: refused.error }, { status: refused.status });
    // Post/redirect/get, and the page says the receipt arrived.
    throw redirect(`${url.pathname}?${RECEIPT_SENT_PARAM}=sent`);
  }
  if (form.intent === "recalculation_accept" || form.intent === "recalculation_refund") {
    const refused = await sendRecalculationAnswer({
      api,
      caller,
      orderId: params.id,
      form,
      creatorKey: readCreatorKey(request.headers.get("cookie"), params.id),
    });
    if (refused)
      return data({ intent: form.intent, error: refused.error }, { status: refused.status });
    throw redirect(url.pathname);
  }
  try {
    if (form.intent === "review") {
      await api.orders.review(caller, { orderId: params.id, rating: form.rating, text: form.text });
    } else {
      // Moving the order needs more than its link: this browser's creator key, the owner's
      // session (the caller's token) or the e-mail typed into the form (decision 052).
      await api.orders.update(caller, params.id, form.intent, {
        creatorKey: readCreatorKey(request.headers.get("cookie"), params.id),
        email: form.email,
      });
    }
  } catch (error) {
    if (!isApiCallError(error) || error.status >= 500) throw error;
    const { message, fields } = error.body.error;
    // A refusal for the e-mail is shown by its input; anything else at the top of the page.
    if (fields?.email) {
      return data(
        { intent: form.intent, error: fields.email, field: "email" },
        { status: error.status },
      );
    }
    return data({ intent: form.intent, error: message }, { status: error.status });
  }
  // Post/redirect/get: reloading the page afterwards never repeats the action.
  throw redirect(url.pathname);
}

/**
 * After any action, even a refused one (e.g. the order expired meanwhile), show the truth.
 * Opening or closing the "cancel?" question changes only the address: nothing to reload.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod) return true;
  if (currentUrl.href !== nextUrl.href && sameButConfirm(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

/** Paid by the chain watcher, not by the customer's "I paid" (issue 28). */
function paidOnChain(order: Route.ComponentProps["loaderData"]["order"]): boolean {
  const received = order.payment.received;
  return (
    order.exchange_status === "paid" &&
    received !== null &&
    received.confirmations >= received.required_confirmations
  );
}

function sameButConfirm(a: URL, b: URL): boolean {
  const strip = (url: URL) => {
    const search = new URLSearchParams(url.search);
    search.delete(CONFIRM_PARAM);
    return `${url.pathname}?${search}`;
  };
  return strip(a) === strip(b);
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order, qrSvg, recalculation, serverNow } = loaderData;
  const status = order.exchange_status;
  useRevalidateEvery(STATUS_POLL_MS, !isTerminal(status));
  // The creator's own tab may show the full card and name again (decision 023, "Revised").
  const fullValues = useJustCreated(order);
  const send = order.send_currency;
  const receive = order.receive_currency;
  const rate = order.rate;
  const sendCurrency = { code: send.currency_code, decimals: send.decimal };
  const receiveCurrency = { code: receive.currency_code, decimals: receive.decimal };
  const [searchParams] = useSearchParams();
  // Each form shows its own refusal; the others go to the top of the page.
  const ownError = (intent: string | null | undefined) =>
    intent === "review" || intent === "receipt" || intent?.startsWith("recalculation_");
  // The e-mail's refusal (decision 052) is shown by the e-mail's input in its own form.
  const proofError = (intent: string) =>
    actionData && "field" in actionData && actionData.intent === intent
      ? actionData.error
      : undefined;
  const actionError =
    ownError(actionData?.intent) || (actionData && "field" in actionData)
      ? undefined
      : actionData?.error;
  return (
    <section className="order" aria-labelledby="order-title">
      <title>{t("Order.MetaTitle", { id: order.exchange_uuid.slice(0, 8) })}</title>
      <meta name="robots" content="noindex" />
      <header className="order__head">
        <h1 id="order-title">{t("Order.Title")}</h1>
        <p className="order__status">
          <span className="visually-hidden">{t("Order.StatusLabel")}: </span>
          <StatusBadge status={status} />
        </p>
        <p className="order__hint" role="status">
          {/* While a recalculation waits for the customer, `hold` means "your answer", not a check. */}
          {recalculation?.can_answer
            ? t("Order.Recalculation.Intro")
            : paidOnChain(order)
              ? t("PaymentWatch.PaidNext")
              : t(`Status.${status}.Next`)}
        </p>
        <p className="order__number">
          <span>{t("Order.Number")}:</span> <code>{order.exchange_uuid}</code>
          <CopyButton value={order.exchange_uuid} what={t("Order.Number")} />
        </p>
      </header>

      {actionError && (
        <p className="calc__notice calc__notice--error" role="alert">
          {actionError}
        </p>
      )}

      {recalculation?.recalculation && (
        <RecalculationPanel
          order={order}
          recalculation={recalculation.recalculation}
          canAnswer={recalculation.can_answer}
          error={actionData?.intent?.startsWith("recalculation_") ? actionData.error : undefined}
        />
      )}

      <PaymentReceived order={order} />
      {!isTerminal(status) && (
        <PaymentPanel
          order={order}
          qrSvg={qrSvg}
          serverNow={serverNow}
          proofError={proofError("paid")}
        />
      )}
      {order.customer_actions.includes("cancelled") && asksToCancel(searchParams) && (
        <CancelOrderDialog
          maskedEmail={order.email_required ? order.email : undefined}
          proofError={proofError("cancelled")}
        />
      )}

      {acceptsReceipts(status) && (
        <ReceiptUpload
          receipts={order.receipts}
          error={actionData?.intent === "receipt" ? actionData.error : undefined}
          sent={searchParams.get(RECEIPT_SENT_PARAM) === "sent"}
        />
      )}

      <section className="order__card" aria-labelledby="summary-heading">
        <h2 id="summary-heading">{t("Order.SummaryHeading")}</h2>
        <dl className="order__facts">
          <div>
            <dt>{t("Order.Send")}</dt>
            <dd className="order__money">
              <img src={send.icon} alt="" width={24} height={24} />
              {formatAmount({ amount: order.send_amount, currency: sendCurrency, locale })}
              <span className="order__system">{send.name}</span>
            </dd>
          </div>
          <div>
            <dt>{t("Order.Receive")}</dt>
            <dd className="order__money">
              <img src={receive.icon} alt="" width={24} height={24} />
              {formatAmount({ amount: order.receive_amount, currency: receiveCurrency, locale })}
              <span className="order__system">{receive.name}</span>
            </dd>
          </div>
          <div>
            <dt>{t("Order.Rate")}</dt>
            <dd>
              {formatRate({
                rate,
                sendCode: send.currency_code,
                receiveCode: receive.currency_code,
                locale,
              })}
            </dd>
          </div>
          <div>
            <dt>{t("Order.Created")}</dt>
            <dd>
              <LocalTime iso={order.created_at} />
            </dd>
          </div>
          <div>
            <dt>{t("Order.Email")}</dt>
            <dd>{order.email}</dd>
          </div>
          {order.payout_reference && (
            // The operator's reference for the payout (a transaction hash, a transfer number),
            // as the completion letter gives it.
            <div>
              <dt>{t("Order.PayoutReference")}</dt>
              <dd className="order__payout">
                <code>{order.payout_reference}</code>
                <CopyButton value={order.payout_reference} what={t("Order.PayoutReference")} />
              </dd>
            </div>
          )}
        </dl>
      </section>

      <OrderFields fields={order.fields} side="send" full={fullValues} />
      <OrderFields fields={order.fields} side="receive" full={fullValues} />

      <section className="order__card" aria-labelledby="history-heading">
        <h2 id="history-heading">{t("Order.HistoryHeading")}</h2>
        <ol className="timeline">
          {order.history.map((event) => (
            <li key={`${event.status}-${event.at}`} className="timeline__item">
              <StatusBadge status={event.status} />
              <span className="timeline__meta">
                <LocalTime iso={event.at} /> · {t(`Order.Actor.${event.actor}`)}
              </span>
              {event.comment && <span className="timeline__comment">{event.comment}</span>}
            </li>
          ))}
        </ol>
      </section>

      {order.can_review && (
        <ReviewForm error={actionData?.intent === "review" ? actionData.error : undefined} />
      )}
      {order.review && (
        <p className="order__card">{t("Order.YourReview", { rating: order.review.rating })}</p>
      )}
    </section>
  );
}

function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  // The letters name a status with the same entry (decision 022).
  return <span className={`badge badge--${status}`}>{t(`Status.${status}.Name`)}</span>;
}
