import type { PairRate } from "@obmen/contracts";
import type { CallerContext, ObmenClient } from "@obmen/contracts/sdk";
import { displayRate } from "@obmen/domain";
import type { WebTranslate } from "@obmen/i18n";
import { isApiCallError } from "../api-call-error.ts";
import { type FormPayload, parseFormData } from "../forms/parse-form-data.ts";
import { getServerT } from "../i18n/catalogs.server.ts";
import type { Locale } from "../i18n/locale.ts";
import type { WebLog } from "../web-context.server.ts";
import { orderFormMessage, orderFormSchema } from "./order-form.server.ts";

/** What the calculator shows after a refused submit; the typed values come back too (no JS). */
export interface CreateOrderFailure {
  values: Record<string, string>;
  /** Form path (`email`, `send_amount`, `fields.<key>`, `agreement`) → message. */
  errors: Record<string, string>;
  message: string | null;
  /** Spec/DESIGN "A refusal for a stale client rate carries the current rate". */
  rateChanged: { sendAmount: string; receiveAmount: string } | null;
}

/** Form paths the calculator shows next to an input; a problem anywhere else means a stale page. */
const SHOWN_PATHS = /^(email|send_amount|receive_amount|agreement|fields\.[^.]+)$/;

/**
 * The calculator's action (spec §3 form → `/rest/exchange/create`): reads the posted form with
 * the API's own request schema (order-form.server.ts), sends the amount the visitor typed last
 * (`fixed_side`) and lets the API recompute the other from its own rate. Returns the new
 * order's id and its creator's key (decision 052), or what to show next to which input.
 */
export async function createOrder(options: {
  api: ObmenClient;
  log: WebLog;
  caller: CallerContext;
  formData: FormData;
  locale: Locale;
}): Promise<{ orderId: string; creatorKey: string } | CreateOrderFailure> {
  const { api, log, caller, formData, locale } = options;
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

  const submission = parseFormData(formData, {
    schema: orderFormSchema(locale),
    message: orderFormMessage(t),
  });
  if (!submission.success) {
    return fail(placeErrors({ errors: submission.errors, payload: submission.payload, t }));
  }
  try {
    const created = await api.orders.create(caller, submission.value);
    return { orderId: created.exchange_uuid, creatorKey: created.creator_key };
  } catch (error) {
    if (!isApiCallError(error)) throw error;
    const { code, message, fields = {}, details } = error.body.error;
    if (code === "RATE_CHANGED") {
      const rate = details?.rate as PairRate | undefined;
      return fail({ message, rateChanged: rate ? displayRate(rate) : null });
    }
    if (error.status >= 500) {
      log.warn({ err: error }, "calculator: order create failed");
      return fail({ message: t("Calculator.CreateFailed") });
    }
    const placed = placeErrors({ errors: fields, payload: submission.payload, t });
    return fail({ errors: placed.errors, message: placed.message ?? message });
  }
}

/**
 * Puts each error next to its input. The request lists the pair's fields by position
 * (`fields.2.value`), the form by key (`fields.<key>`, in the order posted); an error on a path
 * no input shows means the page is stale, and says so instead.
 */
function placeErrors(options: {
  errors: Record<string, string>;
  payload: FormPayload;
  t: WebTranslate;
}): { errors: Record<string, string>; message: string | null } {
  const { payload, t } = options;
  const fieldKeys = typeof payload.fields === "object" ? Object.keys(payload.fields) : [];
  const errors: Record<string, string> = {};
  let stale = false;
  for (const [path, message] of Object.entries(options.errors)) {
    const position = /^fields\.(\d+)(\.|$)/.exec(path);
    const key = position ? fieldKeys[Number(position[1])] : undefined;
    const formPath = key === undefined ? path : `fields.${key}`;
    if (SHOWN_PATHS.test(formPath)) errors[formPath] ??= message;
    else stale = true;
  }
  return { errors, message: stale ? t("Calculator.StalePage") : null };
}
