import type { CreateOrderRequest, PairRate } from "@obmen/contracts";
import type { CallerContext, ObmenClient } from "@obmen/contracts/sdk";
import { displayRate } from "@obmen/domain";
import { isApiCallError } from "../api-call-error.ts";
import { getServerT } from "../i18n/catalogs.server.ts";
import type { Locale } from "../i18n/locale.ts";
import { parseAmountText } from "./amount-text.ts";
import type { FixedSide } from "./compute-amounts.ts";

/** Form names of the pair's own fields: `field.<key>` (the API reports them as `fields.<key>`). */
export const ORDER_FIELD_PREFIX = "field.";

/** What the calculator shows after a refused submit; the typed values come back too (no JS). */
export interface CreateOrderFailure {
  values: Record<string, string>;
  /** Form path (`email`, `send_amount`, `fields.<key>`, `agreement`) → message. */
  errors: Record<string, string>;
  message: string | null;
  /** Spec/DESIGN "A refusal for a stale client rate carries the current rate". */
  rateChanged: { sendAmount: string; receiveAmount: string } | null;
}

// Errors the API reports under names the visitor never typed: the page is stale.
const FORM_PATHS = /^(email|send_amount|receive_amount|fields\..+)$/;

/**
 * The calculator's action (spec §3 form → `/rest/exchange/create`): reads the posted form,
 * sends the amount the visitor typed last (`fixed_side`) and lets the API recompute the other
 * from its own rate. Returns the new order's id, or what to show next to which input.
 */
export async function createOrder(options: {
  api: ObmenClient;
  caller: CallerContext;
  formData: FormData;
  locale: Locale;
}): Promise<{ orderId: string } | CreateOrderFailure> {
  const { api, caller, formData, locale } = options;
  const t = getServerT(locale);
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string") values[name] = value;
  const fail = (patch: Partial<CreateOrderFailure>): CreateOrderFailure => ({
    values,
    errors: {},
    message: null,
    rateChanged: null,
    ...patch,
  });

  const fixedSide: FixedSide = values.fixed_side === "receive" ? "receive" : "send";
  const typedName = `${fixedSide}_amount` as const;
  const typedAmount = parseAmountText(values[typedName] ?? "", locale);
  const errors: Record<string, string> = {};
  if (typedAmount === null) {
    errors[typedName] = (values[typedName] ?? "").trim()
      ? t("Amount.not_a_number")
      : t("Amount.required");
  }
  // The site asks for the agreement (the API leaves it optional for partners).
  if (values.agreement !== "on") errors.agreement = t("Calculator.AgreementRequired");
  if (typedAmount === null || Object.keys(errors).length > 0) return fail({ errors });

  const request: CreateOrderRequest = {
    currency_pairs_in_service_id: Number(values.currency_pairs_in_service_id),
    email: values.email ?? "",
    fields: Object.entries(values)
      .filter(([name]) => name.startsWith(ORDER_FIELD_PREFIX))
      .map(([name, value]) => ({ key: name.slice(ORDER_FIELD_PREFIX.length), value })),
    [typedName]: typedAmount,
    fixed_side: fixedSide,
    send_rate: values.send_rate ?? "",
    receive_rate: values.receive_rate ?? "",
    send_key_code: values.send_key_code,
    receive_key_code: values.receive_key_code,
    send_decimal: Number(values.send_decimal),
    receive_decimal: Number(values.receive_decimal),
    agreement: true,
  };
  try {
    const created = await api.orders.create(caller, request);
    return { orderId: created.exchange_uuid };
  } catch (error) {
    if (!isApiCallError(error)) throw error;
    const { code, message, fields = {}, details } = error.body.error;
    if (code === "RATE_CHANGED") {
      const rate = details?.rate as PairRate | undefined;
      return fail({ message, rateChanged: rate ? displayRate(rate) : null });
    }
    if (error.status >= 500) {
      console.warn(`exchange: create failed: ${error.message}`);
      return fail({ message: t("Calculator.CreateFailed") });
    }
    const fieldErrors = Object.fromEntries(
      Object.entries(fields).filter(([path]) => FORM_PATHS.test(path)),
    );
    const stale = Object.keys(fields).length > Object.keys(fieldErrors).length;
    return fail({
      errors: fieldErrors,
      message: stale ? t("Calculator.StalePage") : message,
    });
  }
}
