import {
  MAX_CURRENCY_DECIMALS,
  ORDER_FIELD_FORMATS,
  ORDER_FIELD_TYPES,
  type ORDER_STATUSES,
} from "@obmen/domain";
import { z } from "zod";
import {
  AdminPairAutomaticRate,
  AdminPairMonitorSettings,
  MarkupFixed,
  MarkupPercent,
  RateFormula,
} from "./admin-rates.ts";
import { OrderRiskFlag } from "./admin-risk.ts";
import {
  CurrencyDecimals,
  CurrencyKind,
  DecimalString,
  OrderFieldDefinition,
} from "./catalogue.ts";
import { visibleName } from "./display-name.ts";
import { LOCALES } from "./locales.ts";
import { OrderId, OrderStatus } from "./orders.ts";
import { PaymentReceived, PaymentWatch, PaymentWatchView } from "./payments.ts";
import { dataResponse } from "./response.ts";
import { RowId, WholeNumber } from "./whole-number.ts";

/**
 * The operator console's API, `/admin/api/*` (issue 14): plain JSON with a cookie session,
 * not the signed envelope. Errors have the API's one shape (`{"error": {code, message,
 * fields?}}`): 401 `UNAUTHORIZED` without a live session, 403 `FORBIDDEN` for a role that may
 * not make the call or a foreign `Origin`, 409 `CONFLICT` for a status move the order's state
 * machine forbids, 422 `VALIDATION_FAILED` for a body that does not fit, 400 `INVALID_QUERY`
 * for a bad query string. Published as OpenAPI at `/admin/api/openapi.json`.
 */

/**
 * admin: everything, operators and settings too; operator: orders, catalogue, reserves,
 * withdrawals, blacklist, customers; desk: the order desk alone (list, order, status moves,
 * recalculation, receipts; decision 062); editor: content.
 */
export const OPERATOR_ROLES = ["admin", "operator", "desk", "editor"] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

/** Lists come in pages of this many rows; `page` counts from 1. */
export const ADMIN_PAGE_SIZE = 50;
/** The order queue counts matches up to this many (`total_capped` beyond it). */
export const ADMIN_COUNT_LIMIT = 10_000;
const Page = WholeNumber.pipe(z.number().int().min(1).max(100_000)).default(1);
const Timestamp = z.string().describe("ISO 8601 date and time, UTC");

/**
 * A money amount or rate an operator types: plain digits with an optional point, no sign, no
 * exponent, at most 20 integer and MAX_CURRENCY_DECIMALS fractional digits (what the
 * database's `numeric(38, 18)` holds). The same rule as the public create's amounts.
 */
export const AdminDecimal = z
  .string()
  .regex(
    new RegExp(`^\\d{1,20}(\\.\\d{1,${MAX_CURRENCY_DECIMALS}})?$`),
    "must be a non-negative decimal number written with a point",
  );

/**
 * A patch must change something. Checked only when the keys themselves are fine, so an
 * unknown key is reported alone, under its own name.
 */
const NOT_EMPTY = {
  message: "nothing to change",
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

// ---------------------------------------------------------------------------------------------
// Sign-in

/** E-mail and password are only bounded here; a wrong pair is 401 INVALID_CREDENTIALS. */
export const AdminLoginRequest = z.strictObject({
  email: z.string().max(320),
  password: z.string().max(1024),
  /** The 6-digit code of the operator's authenticator app, when the operator enrolled one. */
  totp: z.string().max(16).optional(),
  /**
   * A solved ALTCHA challenge (`GET /api/captcha/challenge`), once failures on the account or
   * from the address make the API ask for one (400 `CAPTCHA_REQUIRED` under `captcha`).
   */
  captcha: z.string().max(4096).optional(),
});
export type AdminLoginRequest = z.input<typeof AdminLoginRequest>;

/** The signed-in operator as the console shows it. */
export const SessionOperator = z.object({
  id: z.uuid(),
  email: z.string(),
  role: OperatorRole,
  totp_enabled: z.boolean(),
  /**
   * The operator must enrol a second factor before anything else (an admin while
   * `ADMIN_REQUIRE_2FA=true`): until then every call but `me`, `logout` and the TOTP
   * enrolment answers 403 FORBIDDEN with `details.reason = "totp_enrolment_required"`.
   */
  totp_enrolment_required: z.boolean(),
});
export type SessionOperator = z.infer<typeof SessionOperator>;

export const AdminLoginResponse = dataResponse(z.object({ operator: SessionOperator }));
export const AdminMeResponse = AdminLoginResponse;
export const AdminLogoutResponse = dataResponse(z.strictObject({}));

/** Starts TOTP enrolment: a new secret to scan (the `otpauth://` URI is what a QR code holds). */
export const TotpEnrolment = z.object({
  secret: z.string().describe("base32, for typing into an app by hand"),
  otpauth_uri: z.string(),
});
export const AdminTotpStartResponse = dataResponse(TotpEnrolment);
/** Confirms enrolment with a code from the app; only then is the second factor required. */
export const AdminTotpConfirmRequest = z.strictObject({ totp: z.string().max(16) });
export const AdminTotpConfirmResponse = AdminLoginResponse;

/** Changing one's password ends every other session of the operator. */
export const AdminChangePasswordRequest = z.strictObject({
  old_password: z.string().max(1024),
  new_password: z.string().max(1024),
});
export const AdminChangePasswordResponse = AdminLogoutResponse;

// ---------------------------------------------------------------------------------------------
// Order desk

export const AdminOrderListQuery = z.strictObject({
  status: OrderStatus.optional(),
  /** Order number (whole or its start), e-mail's start, amount, or a whole value the customer filled in. */
  q: z.string().trim().max(200).optional(),
  page: Page,
});
export type AdminOrderListQuery = z.input<typeof AdminOrderListQuery>;

const AdminOrderCurrency = z.object({
  id: z.number().int(),
  /** `BTC`, `USDTTRC20`, `SBERRUB`. */
  url_xml: z.string(),
  currency_code: z.string(),
  /** The payment system's own name (the operator's, not a translation). */
  pay_system: z.string(),
  decimals: CurrencyDecimals,
});

export const AdminOrderListItem = z.object({
  exchange_uuid: OrderId,
  exchange_status: OrderStatus,
  send_amount: DecimalString,
  receive_amount: DecimalString,
  send_currency: AdminOrderCurrency,
  receive_currency: AdminOrderCurrency,
  email: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminOrderListItem = z.infer<typeof AdminOrderListItem>;

/**
 * The queue: `new` and `paid` first (they wait for someone), then the other open ones, then
 * the closed; inside each group the oldest first for open orders and the newest first for
 * closed ones.
 */
export const AdminOrderList = z.object({
  items: z.array(AdminOrderListItem),
  /** Orders that match, counted up to ADMIN_COUNT_LIMIT (see `total_capped`). */
  total: z.number().int(),
  /**
   * More than `total` orders match: the count stops at ADMIN_COUNT_LIMIT, since counting a
   * million orders exactly on every poll of the desk costs more than the page itself
   * (decision 038). Pages past it still load.
   */
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const AdminOrderListResponse = dataResponse(AdminOrderList);

export const AdminOrderParams = z.strictObject({ uuid: OrderId });

export const AdminOrderActor = z.object({
  kind: z.enum(["customer", "operator", "system"]),
  /** The operator's id for operator events, else null. */
  operator_id: z.uuid().nullable(),
  /** The operator's e-mail for operator events (the customer's is on the order), else null. */
  operator_email: z.string().nullable(),
});

/** Where a refund's money went back and its reference (issue 26 point 10). */
export const AdminOrderRefund = z.object({
  /** The card, account or address the money was returned to, as the operator wrote it. */
  refund_to: z.string(),
  /** What identifies the refund payment (a bank's reference, a transaction hash). */
  reference: z.string(),
});

export const AdminOrderEvent = z.object({
  status: OrderStatus,
  actor: AdminOrderActor,
  comment: z.string().nullable(),
  at: Timestamp,
  /** On the `refunded` event: where the money went back and the refund's reference. */
  refund: AdminOrderRefund.nullable(),
});

export const AdminOrderReceipt = z.object({
  id: z.number().int(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  created_at: Timestamp,
  /** Path of the file itself, for the operator's session: `/admin/api/orders/{uuid}/receipts/{id}`. */
  url: z.string(),
});

export const AdminOrder = AdminOrderListItem.extend({
  rate: z.object({
    send_rate: DecimalString,
    receive_rate: DecimalString,
    send_rate_real: DecimalString,
    receive_rate_real: DecimalString,
    comission_amount: DecimalString,
  }),
  pair_id: z.number().int(),
  /** The customer's language: letters about this order are written in it. */
  locale: z.enum(LOCALES),
  client_ip: z.string().nullable(),
  expires_at: Timestamp,
  /** What the customer filled in, unmasked, with the label in the console's language. */
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      value: z.string(),
      side: OrderFieldDefinition.shape.side,
    }),
  ),
  receipts: z.array(AdminOrderReceipt),
  /**
   * Where the chain watcher watches this order (issue 28): its own address (or the unique TRON
   * amount), and what it has seen paid — beside the customer's claim, "confirmed on chain" once
   * `confirmations` reaches `required_confirmations`. Null: the currency is confirmed by hand.
   */
  chain_payment: z
    .object({
      kind: z.enum(["esplora", "tron", "btcpay"]),
      address: z.string().nullable(),
      amount: DecimalString,
      invoice_id: z.string().nullable(),
      received: PaymentReceived.nullable(),
    })
    .nullable(),
  /** Oldest first. */
  events: z.array(AdminOrderEvent),
  /** The statuses an operator may move the order to now (the action buttons). */
  next_statuses: z.array(OrderStatus),
  /** What identifies the payout (transaction hash, bank reference), once completed. */
  payout_reference: z.string().nullable(),
  /** Why the system held the order when it was created (issue 29); empty for most orders. */
  risk_flags: z.array(OrderRiskFlag),
  /** Where the money went back and the refund's reference, once refunded. */
  refund: AdminOrderRefund.nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrderResponse = dataResponse(AdminOrder);

/** What an operator may set; the state machine decides from where (409 CONFLICT otherwise). */
export const OPERATOR_TARGET_STATUSES = [
  "processing",
  "completed",
  "hold",
  "error",
  "refunded",
  "cancelled",
] as const satisfies readonly (typeof ORDER_STATUSES)[number][];

/**
 * `completed` needs `payout_reference`; `refunded` needs `refund_to` (where the money went
 * back) and `refund_reference`; `hold` (the reason the customer reads) and `error` need
 * `comment`. The comment goes into the order's history and the customer's letter.
 */
export const AdminChangeOrderStatusRequest = z.strictObject({
  status: z.enum(OPERATOR_TARGET_STATUSES),
  comment: z.string().trim().max(2000).optional(),
  payout_reference: z.string().trim().max(200).optional(),
  refund_to: z.string().trim().max(500).optional(),
  refund_reference: z.string().trim().max(200).optional(),
});
export type AdminChangeOrderStatusRequest = z.input<typeof AdminChangeOrderStatusRequest>;
export const AdminChangeOrderStatusResponse = AdminOrderResponse;

export const AdminReceiptParams = z.strictObject({
  uuid: OrderId,
  id: RowId,
});

// ---------------------------------------------------------------------------------------------
// Catalogue and reserves

export const AdminIdParams = z.strictObject({ id: RowId });

/** An order field definition of a currency as the console shows it (decision 007, 025). */
export const AdminFieldDefinitionView = z.object({
  side: z.enum(["send", "receive"]),
  key: z.string(),
  type: z.enum(ORDER_FIELD_TYPES),
  network: z.string().nullable(),
  format: z.enum(ORDER_FIELD_FORMATS).nullable(),
  label_ru: z.string(),
  label_en: z.string(),
  label_uk: z.string(),
  required: z.boolean(),
  sort_order: z.number().int(),
});

export const AdminCurrency = z.object({
  id: z.number().int(),
  pay_system: z.object({
    id: z.number().int(),
    /** The operator's own name of it (what its edit form changes). */
    name: z.string(),
    /** Its name in the console's language, as the site shows it ("Сбербанк" in Russian). */
    shown_name: z.string(),
    icon: z.string(),
    network_code: z.string().nullable(),
  }),
  currency_code: z.string(),
  url_xml: z.string(),
  kind: CurrencyKind,
  decimals: CurrencyDecimals,
  /** What the operator declared. */
  reserve: DecimalString,
  /** Promised to open orders. */
  held: DecimalString,
  /** reserve − held: what new orders may still take. */
  available: DecimalString,
  reserve_name: z.string(),
  /** The dashboard and the alerts warn when `available` falls below it; null: never. */
  reserve_warning: DecimalString.nullable(),
  send_min: DecimalString.nullable(),
  send_max: DecimalString.nullable(),
  active: z.boolean(),
  sort_order: z.number().int(),
  payment_target: z.string().nullable(),
  payment_holder: z.string().nullable(),
  /** How payments in it are confirmed on chain; null: by an operator (issue 28). */
  payment_watch: PaymentWatchView.nullable(),
  /** What customers fill for this currency, on each side of a pair. */
  fields: z.array(AdminFieldDefinitionView),
  updated_at: Timestamp,
});
export type AdminCurrency = z.infer<typeof AdminCurrency>;
export const AdminCurrencyListResponse = dataResponse(z.object({ items: z.array(AdminCurrency) }));
export const AdminCurrencyResponse = dataResponse(AdminCurrency);

/** Only the keys sent change; `null` clears a limit. At least one key. */
export const AdminCurrencyPatch = z
  .strictObject({
    reserve: AdminDecimal.optional(),
    decimals: z.number().int().min(0).max(MAX_CURRENCY_DECIMALS).optional(),
    send_min: AdminDecimal.nullable().optional(),
    send_max: AdminDecimal.nullable().optional(),
    active: z.boolean().optional(),
    reserve_name: visibleName(z.string().trim().min(1).max(100)).optional(),
    reserve_warning: AdminDecimal.nullable().optional(),
    sort_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    payment_target: z.string().trim().min(1).max(500).nullable().optional(),
    payment_holder: z.string().trim().min(1).max(200).nullable().optional(),
    payment_watch: PaymentWatch.nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, NOT_EMPTY);
export type AdminCurrencyPatch = z.input<typeof AdminCurrencyPatch>;

const PairSide = z.object({
  id: z.number().int(),
  url_xml: z.string(),
  currency_code: z.string(),
  /** Places the currency counts in: the console writes limits and the fee by them. */
  decimals: CurrencyDecimals,
});

export const AdminPair = z.object({
  id: z.number().int(),
  send_currency: PairSide,
  receive_currency: PairSide,
  active: z.boolean(),
  send_rate: DecimalString,
  receive_rate: DecimalString,
  send_rate_real: DecimalString,
  receive_rate_real: DecimalString,
  comission_amount: DecimalString,
  /**
   * The operator's markup over the real rate, in percent, two places (positive: the customer
   * gets less than the market rate).
   */
  markup_percent: DecimalString,
  min_send_sum: DecimalString.nullable(),
  max_send_sum: DecimalString.nullable(),
  min_receive_sum: DecimalString.nullable(),
  max_receive_sum: DecimalString.nullable(),
  sort_order: z.number().int(),
  updated_at: Timestamp,
  /** Null while the operator types the rates (decision 056). */
  automatic_rate: AdminPairAutomaticRate.nullable(),
});
export type AdminPair = z.infer<typeof AdminPair>;
export const AdminPairListResponse = dataResponse(z.object({ items: z.array(AdminPair) }));
export const AdminPairResponse = dataResponse(AdminPair);

/**
 * Only the keys sent change; `null` clears a limit. After merging with the stored pair, one of
 * `send_rate`/`receive_rate` must be 1 (DESIGN.md "Domain rules"), rates above zero, and each
 * minimum no larger than its maximum.
 */
export const AdminPairPatch = z
  .strictObject({
    active: z.boolean().optional(),
    send_rate: AdminDecimal.optional(),
    receive_rate: AdminDecimal.optional(),
    send_rate_real: AdminDecimal.optional(),
    receive_rate_real: AdminDecimal.optional(),
    comission_amount: AdminDecimal.optional(),
    min_send_sum: AdminDecimal.nullable().optional(),
    max_send_sum: AdminDecimal.nullable().optional(),
    min_receive_sum: AdminDecimal.nullable().optional(),
    max_receive_sum: AdminDecimal.nullable().optional(),
    sort_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    /**
     * Automatic rates (issue 27, decision 056): a formula binds the pair, `null` returns it to
     * typed rates. The markup is in the exchange's favour in either direction.
     */
    rate_source: RateFormula.nullable().optional(),
    markup_percent: MarkupPercent.optional(),
    markup_fixed: MarkupFixed.nullable().optional(),
    /** A quote older than this takes the pair out of service until a fresh one arrives. */
    freshness_seconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 86_400)
      .optional(),
    /** A real rate moving more than this percent waits for confirmation (null: no bound). */
    max_jump_percent: MarkupPercent.nullable().optional(),
    /** Hold a position on the monitor instead of the fixed markup (null: stop following). */
    monitor: AdminPairMonitorSettings.nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, NOT_EMPTY);
export type AdminPairPatch = z.input<typeof AdminPairPatch>;

// ---------------------------------------------------------------------------------------------
// Operators and audit

export const AdminOperator = z.object({
  id: z.uuid(),
  email: z.string(),
  role: OperatorRole,
  totp_enabled: z.boolean(),
  disabled_at: Timestamp.nullable(),
  created_at: Timestamp,
  last_login_at: Timestamp.nullable(),
});
export type AdminOperator = z.infer<typeof AdminOperator>;
export const AdminOperatorListResponse = dataResponse(z.object({ items: z.array(AdminOperator) }));
export const AdminOperatorResponse = dataResponse(AdminOperator);

/** A new operator; the password follows the accounts' rules (10..128 characters, not common). */
export const AdminCreateOperatorRequest = z.strictObject({
  email: z.string().max(320),
  password: z.string().max(1024),
  role: OperatorRole,
});
export type AdminCreateOperatorRequest = z.input<typeof AdminCreateOperatorRequest>;

export const AdminOperatorParams = z.strictObject({ id: z.uuid() });

/** Changes an operator's role or disables them (which ends their sessions); admin only. */
export const AdminOperatorPatch = z
  .strictObject({
    role: OperatorRole.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, NOT_EMPTY);

/**
 * What the console writes to the audit log (`action`); the screen names each in the operator's
 * language (`Console.AuditActions.*`). A filter takes any such word, so an action added later
 * can be looked for before the console learns its name.
 */
export const AUDIT_ACTIONS = [
  "login",
  "login_failed",
  "logout",
  "operator.create",
  "operator.update",
  "operator.password_changed",
  "operator.totp_enabled",
  "operator.reset_access",
  "order.status",
  "order.recalculate",
  "currency.create",
  "currency.update",
  "currency.fields",
  "pair.create",
  "pair.update",
  "pay_system.create",
  "pay_system.update",
  "content.create",
  "content.update",
  "content.publish",
  "content.unpublish",
  "settings.alerts.update",
  "settings.alerts.test",
  "withdrawal.status",
] as const;

/** What an audit row is about (`target_type`), each with a screen of its own in the console. */
export const AUDIT_TARGET_TYPES = [
  "order",
  "currency",
  "pair",
  "pay_system",
  "operator",
  "content",
  "withdrawal",
  "settings",
] as const;

/** A day as `YYYY-MM-DD`, a UTC calendar day (the console's date inputs send this). */
const AuditDay = z.iso.date();

/**
 * The audit log's filters (issue 26 point 10): who (`operator`), what it concerns
 * (`target_type`, optionally one `target_id`), which `action`, and a range of UTC days, both
 * ends included.
 */
export const AdminAuditQuery = z
  .strictObject({
    page: Page,
    operator: z.uuid().optional(),
    target_type: z.enum(AUDIT_TARGET_TYPES).optional(),
    target_id: z.string().trim().min(1).max(100).optional(),
    action: z
      .string()
      .regex(/^[a-z_]+(\.[a-z_]+)*$/)
      .max(64)
      .optional(),
    from: AuditDay.optional(),
    to: AuditDay.optional(),
  })
  .refine((query) => !(query.from && query.to && query.from > query.to), {
    path: ["to"],
    message: "AdminErrors.DateRangeReversed",
  });
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;

export const AdminAuditEntry = z.object({
  id: z.number().int(),
  at: Timestamp,
  /** Null for an event without a signed-in operator (a failed login, the start-up admin). */
  actor: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  /** `order.status`, `currency.update`, `pair.update`, `operator.create`, `login`, … */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;
export const AdminAuditListResponse = dataResponse(
  z.object({
    items: z.array(AdminAuditEntry),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

// ---------------------------------------------------------------------------------------------
// New pay systems, currencies and pairs (an empty production catalogue starts here)

export const AdminPaySystem = z.object({
  id: z.number().int(),
  /** The operator's name, unique; shown where a language has no name of its own. */
  name: z.string(),
  name_ru: z.string().nullable(),
  name_en: z.string().nullable(),
  name_uk: z.string().nullable(),
  icon: z.string(),
  network_code: z.string().nullable(),
});
export type AdminPaySystem = z.infer<typeof AdminPaySystem>;
export const AdminPaySystemListResponse = dataResponse(
  z.object({ items: z.array(AdminPaySystem) }),
);
export const AdminPaySystemResponse = dataResponse(AdminPaySystem);

/** `GET /admin/api/icons`: the icon files the site serves, the only values a pay system's icon takes. */
export const AdminIconListResponse = dataResponse(
  z.object({ items: z.array(z.string().describe("a site path such as /icons/kaspi.svg")) }),
);

const LocalName = visibleName(z.string().trim().min(1).max(100)).nullable().optional();

export const AdminCreatePaySystemRequest = z.strictObject({
  name: visibleName(z.string().trim().min(1).max(100)),
  name_ru: LocalName,
  name_en: LocalName,
  name_uk: LocalName,
  /** One of the icons the site serves (`/icons/sber.svg`), as `GET /admin/api/icons` lists them. */
  icon: z
    .string()
    .max(200)
    .regex(/^\/[A-Za-z0-9/_.-]+$/, "must be a site path such as /icons/name.svg")
    .describe(
      "One of the icons the site serves, as GET /admin/api/icons lists them; any other path is refused with 422 VALIDATION_FAILED under fields.icon",
    ),
  /** `TRC20`, `ERC20`, `BTC`…; null for banks and e-wallets. */
  network_code: z
    .string()
    .regex(/^[A-Z0-9]{2,16}$/)
    .nullable()
    .optional(),
});
export type AdminCreatePaySystemRequest = z.input<typeof AdminCreatePaySystemRequest>;

/**
 * Fixes a pay system's names or icon (`PATCH /admin/api/pay-systems/{id}`): only the keys sent
 * change, `null` clears a language's name (customers then read `name`). At least one key. The
 * network code is not editable: currencies' order fields were defined for it.
 */
export const AdminPaySystemPatch = AdminCreatePaySystemRequest.pick({
  name: true,
  name_ru: true,
  name_en: true,
  name_uk: true,
  icon: true,
})
  .partial({ name: true, icon: true })
  .refine((patch) => Object.keys(patch).length > 0, NOT_EMPTY);
export type AdminPaySystemPatch = z.input<typeof AdminPaySystemPatch>;

/**
 * One input the customer fills for a currency (decision 007, 025): the key starts with its
 * side (`send_…`, `receive_…`), `network` is given exactly for `crypto_address`, and a
 * `format` must narrow the field's type.
 */
export const AdminFieldDefinition = z.strictObject({
  side: z.enum(["send", "receive"]),
  key: z.string().regex(/^(send|receive)_[a-z0-9_]{1,60}$/),
  type: z.enum(ORDER_FIELD_TYPES),
  network: z
    .string()
    .regex(/^[A-Z0-9]{2,16}$/)
    .nullable()
    .optional(),
  format: z.enum(ORDER_FIELD_FORMATS).nullable().optional(),
  label_ru: visibleName(z.string().trim().min(1).max(100)),
  label_en: visibleName(z.string().trim().min(1).max(100)),
  label_uk: visibleName(z.string().trim().min(1).max(100)),
  required: z.boolean().default(true),
  sort_order: z.number().int().min(-1000).max(1000).default(0),
});

/**
 * Replaces a currency's field definitions (`PUT /admin/api/currencies/{id}/fields`). Orders
 * already made keep the values they were given; new orders ask for these fields.
 */
export const AdminCurrencyFieldsRequest = z.strictObject({
  fields: z.array(AdminFieldDefinition).max(20),
});

export const AdminCreateCurrencyRequest = z.strictObject({
  pay_system_id: RowId,
  currency_code: z.string().regex(/^[A-Z0-9]{2,10}$/),
  /** BestChange code and URL slug (`SBERRUB`), unique. */
  url_xml: z.string().regex(/^[A-Z0-9]{2,32}$/),
  kind: CurrencyKind,
  decimals: z.number().int().min(0).max(MAX_CURRENCY_DECIMALS),
  reserve: AdminDecimal.default("0"),
  reserve_name: visibleName(z.string().trim().min(1).max(100)),
  send_min: AdminDecimal.nullable().default(null),
  send_max: AdminDecimal.nullable().default(null),
  /** A new currency is off until the operator has checked it. */
  active: z.boolean().default(false),
  sort_order: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  payment_target: z.string().trim().min(1).max(500).nullable().default(null),
  payment_holder: z.string().trim().min(1).max(200).nullable().default(null),
  fields: z.array(AdminFieldDefinition).max(20).default([]),
});
export type AdminCreateCurrencyRequest = z.input<typeof AdminCreateCurrencyRequest>;

export const AdminCreatePairRequest = z.strictObject({
  send_currency_id: RowId,
  receive_currency_id: RowId,
  send_rate: AdminDecimal,
  receive_rate: AdminDecimal,
  send_rate_real: AdminDecimal,
  receive_rate_real: AdminDecimal,
  comission_amount: AdminDecimal.default("0"),
  min_send_sum: AdminDecimal.nullable().default(null),
  max_send_sum: AdminDecimal.nullable().default(null),
  min_receive_sum: AdminDecimal.nullable().default(null),
  max_receive_sum: AdminDecimal.nullable().default(null),
  /** A new direction is off until the operator switches it on. */
  active: z.boolean().default(false),
  sort_order: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type AdminCreatePairRequest = z.input<typeof AdminCreatePairRequest>;
