import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { Dialog } from "../modals/dialog.tsx";
import { OrderEmailProof } from "./order-email-proof.tsx";
import "./cancel-order-dialog.css";

/**
 * `?confirm=cancel`: the order page asks before it cancels. A plain link and a page the server
 * renders with the question, so the step exists without JavaScript too; with it, the same
 * address opens a modal dialog.
 */
export const CONFIRM_PARAM = "confirm";
const CONFIRM_CANCEL = "cancel";

/** Whether the address asks to confirm a cancellation. */
export function asksToCancel(search: URLSearchParams): boolean {
  return search.get(CONFIRM_PARAM) === CONFIRM_CANCEL;
}

/** "Cancel order": opens the question, cancels nothing by itself. */
export function CancelOrderLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={`?${CONFIRM_PARAM}=${CONFIRM_CANCEL}`}
      className="button button--secondary"
      preventScrollReset
    >
      {t("Order.Cancel")}
    </Link>
  );
}

/** What cancelling means (rate lock and reserve released), and what to do if money was sent. */
export function CancelOrderDialog(props: {
  /** The order's masked e-mail when this browser must type it to cancel (decision 052). */
  maskedEmail?: string;
  proofError?: string;
}) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const busy = useNavigation().state !== "idle";
  const close = () => navigate(pathname, { replace: true, preventScrollReset: true });
  return (
    <Dialog title={t("Order.CancelConfirm.Title")} onClose={close} closeHref={pathname}>
      <p className="cancel-dialog__text">{t("Order.CancelConfirm.Text")}</p>
      <p className="cancel-dialog__text">
        {t("Order.CancelConfirm.Paid")}{" "}
        <Link to={href("/contact")}>{t("Order.CancelConfirm.Support")}</Link>
      </p>
      {/*
        Posted to the page without the question, so the answer lands on the order itself;
        when the e-mail is asked, a refusal for it brings the question back with the reason.
      */}
      <Form
        method="post"
        action={props.maskedEmail ? `${pathname}?${CONFIRM_PARAM}=${CONFIRM_CANCEL}` : pathname}
        className="cancel-dialog__actions"
      >
        {props.maskedEmail && (
          <OrderEmailProof
            id="proof-cancel"
            maskedEmail={props.maskedEmail}
            error={props.proofError}
          />
        )}
        <button
          type="submit"
          name="intent"
          value="cancelled"
          className="button button--danger"
          disabled={busy}
        >
          {t("Order.CancelConfirm.Confirm")}
        </button>
        <Link to={pathname} replace preventScrollReset className="button button--secondary">
          {t("Order.CancelConfirm.Keep")}
        </Link>
      </Form>
    </Dialog>
  );
}
