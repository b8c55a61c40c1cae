import type { z } from "zod";
import {
  AdminAuditListResponse,
  type AdminChangeOrderStatusRequest,
  AdminChangeOrderStatusResponse,
  AdminChangePasswordResponse,
  type AdminCreateCurrencyRequest,
  type AdminCreateOperatorRequest,
  type AdminCreatePairRequest,
  type AdminCreatePaySystemRequest,
  type AdminCurrencyFieldsRequest,
  AdminCurrencyListResponse,
  type AdminCurrencyPatch,
  AdminCurrencyResponse,
  AdminIconListResponse,
  type AdminLoginRequest,
  AdminLoginResponse,
  AdminLogoutResponse,
  AdminMeResponse,
  AdminOperatorListResponse,
  type AdminOperatorPatch,
  AdminOperatorResponse,
  type AdminOrderListQuery,
  AdminOrderListResponse,
  AdminOrderResponse,
  AdminPairListResponse,
  type AdminPairPatch,
  AdminPairResponse,
  AdminPaySystemListResponse,
  type AdminPaySystemPatch,
  AdminPaySystemResponse,
  AdminTotpConfirmResponse,
  AdminTotpStartResponse,
} from "./admin.ts";
import { AdminAlertListResponse, AdminTestAlertResponse } from "./admin-alerts.ts";
import {
  AdminContentEntryResponse,
  type AdminContentListQuery,
  AdminContentListResponse,
  type AdminContentPatch,
  type AdminCreateContentRequest,
} from "./admin-content.ts";
import { AdminDashboardResponse, type DashboardPeriod } from "./admin-dashboard.ts";
import {
  AdminPairRateHistoryResponse,
  type AdminRatePreviewRequest,
  AdminRatePreviewResponse,
  AdminRateSourceListResponse,
} from "./admin-rates.ts";
import { type AdminAlertSettingsPatch, AdminAlertSettingsResponse } from "./admin-settings.ts";
import {
  AdminPartnerListResponse,
  type AdminWithdrawalDecision,
  AdminWithdrawalListResponse,
  AdminWithdrawalResponse,
  type WithdrawalStatus,
} from "./affiliate.ts";
import type { ErrorCode } from "./errors.ts";
import { type AdminRecalculateRequest, AdminRecalculationResponse } from "./recalculation.ts";
import type { DataResponseSchema } from "./response.ts";

/**
 * A refused console call as the error body tells it (`{"error": {code, message, fields?,
 * details?}}`): `message` and `fields` are already in the console's language.
 */
export class AdminApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | "NETWORK";
  readonly fields: Record<string, string>;
  readonly details: Record<string, unknown>;
  constructor(options: {
    status: number;
    code: ErrorCode | "NETWORK";
    message: string;
    fields?: Record<string, string>;
    details?: Record<string, unknown>;
  }) {
    super(options.message);
    this.name = "AdminApiError";
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.details = options.details ?? {};
  }
}

type Data<R extends DataResponseSchema> = z.output<R>["data"];

export interface AdminClientOptions {
  /** Where `/admin/api` is; the page's own origin when left out. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The language the API words its messages in (`Accept-Language`), read at each call. */
  lang?: string | (() => string);
  /** Cancels every call of this client (a route's loader passes its request's signal). */
  signal?: AbortSignal;
  /** Told of every 401 except the sign-in's own: the session is gone. */
  onUnauthorized?: (error: AdminApiError) => void;
}

/** The audit log's filters (`AdminAuditQuery`), each as typed into the console. */
type AuditFilter = { page?: number } & Partial<
  Record<"operator" | "target_type" | "target_id" | "action" | "from" | "to", string>
>;

/** Query values as the API reads them: unset and empty ones are left out. */
type QueryValues = Record<string, string | number | undefined>;

function queryString(values: QueryValues): string {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined && value !== "");
  return entries.length === 0
    ? ""
    : `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)]))}`;
}

/**
 * The operator console's calls for a browser app on the console's own origin (the session
 * cookie travels by itself, `credentials: "same-origin"`). Every answer is parsed with its
 * route's schema; a refusal throws AdminApiError. Browser-safe: fetch and zod only.
 */
export function createAdminClient(options: AdminClientOptions = {}) {
  const baseUrl = options.baseUrl ?? "";
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const lang = typeof options.lang === "function" ? options.lang : () => options.lang as string;

  async function call<R extends DataResponseSchema>(
    schema: R,
    method: "GET" | "POST" | "PATCH" | "PUT",
    path: string,
    body?: unknown,
  ): Promise<Data<R>> {
    let response: Response;
    const language = lang();
    try {
      response = await send(`${baseUrl}/admin/api${path}`, {
        method,
        credentials: "same-origin",
        signal: options.signal,
        headers: {
          accept: "application/json",
          ...(language ? { "accept-language": language } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      // A cancelled call stays an AbortError, so a loader that was left is not told as a failure.
      if (options.signal?.aborted) throw error;
      throw new AdminApiError({ status: 0, code: "NETWORK", message: "" });
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = (json as { error?: Partial<AdminApiError> } | null)?.error;
      const refusal = new AdminApiError({
        status: response.status,
        code: (error?.code as ErrorCode) ?? "INTERNAL",
        message: error?.message ?? "",
        fields: error?.fields as Record<string, string> | undefined,
        details: error?.details as Record<string, unknown> | undefined,
      });
      if (response.status === 401 && path !== "/login") options.onUnauthorized?.(refusal);
      throw refusal;
    }
    return (schema.parse(json) as { data: Data<R> }).data;
  }

  const id = (value: string | number) => encodeURIComponent(String(value));

  return {
    login: (body: AdminLoginRequest) => call(AdminLoginResponse, "POST", "/login", body),
    logout: () => call(AdminLogoutResponse, "POST", "/logout", {}),
    me: () => call(AdminMeResponse, "GET", "/me"),
    startTotp: () => call(AdminTotpStartResponse, "POST", "/me/totp", {}),
    confirmTotp: (totp: string) =>
      call(AdminTotpConfirmResponse, "POST", "/me/totp/confirm", { totp }),
    changePassword: (body: { old_password: string; new_password: string }) =>
      call(AdminChangePasswordResponse, "POST", "/me/password", body),
    dashboard: (period: DashboardPeriod) =>
      call(AdminDashboardResponse, "GET", `/dashboard${queryString({ period })}`),
    orders: {
      list: (filter: AdminOrderListQuery = {}) =>
        call(AdminOrderListResponse, "GET", `/orders${queryString(filter as QueryValues)}`),
      get: (uuid: string) => call(AdminOrderResponse, "GET", `/orders/${id(uuid)}`),
      setStatus: (uuid: string, body: AdminChangeOrderStatusRequest) =>
        call(AdminChangeOrderStatusResponse, "POST", `/orders/${id(uuid)}/status`, body),
      /** The latest recalculation and, with `received_amount`, the amounts it would give now. */
      recalculation: (uuid: string, query: { received_amount?: string } = {}) =>
        call(
          AdminRecalculationResponse,
          "GET",
          `/orders/${id(uuid)}/recalculation${queryString(query)}`,
        ),
      recalculate: (uuid: string, body: AdminRecalculateRequest) =>
        call(AdminChangeOrderStatusResponse, "POST", `/orders/${id(uuid)}/recalculate`, body),
    },
    paySystems: {
      list: () => call(AdminPaySystemListResponse, "GET", "/pay-systems"),
      create: (body: AdminCreatePaySystemRequest) =>
        call(AdminPaySystemResponse, "POST", "/pay-systems", body),
      update: (paySystemId: number, patch: AdminPaySystemPatch) =>
        call(AdminPaySystemResponse, "PATCH", `/pay-systems/${id(paySystemId)}`, patch),
    },
    /** The icon files the site serves: the only icons a pay system may be given. */
    icons: () => call(AdminIconListResponse, "GET", "/icons"),
    currencies: {
      list: () => call(AdminCurrencyListResponse, "GET", "/currencies"),
      create: (body: AdminCreateCurrencyRequest) =>
        call(AdminCurrencyResponse, "POST", "/currencies", body),
      update: (currencyId: number, patch: AdminCurrencyPatch) =>
        call(AdminCurrencyResponse, "PATCH", `/currencies/${id(currencyId)}`, patch),
      setFields: (currencyId: number, body: z.input<typeof AdminCurrencyFieldsRequest>) =>
        call(AdminCurrencyResponse, "PUT", `/currencies/${id(currencyId)}/fields`, body),
    },
    pairs: {
      list: () => call(AdminPairListResponse, "GET", "/pairs"),
      create: (body: AdminCreatePairRequest) => call(AdminPairResponse, "POST", "/pairs", body),
      update: (pairId: number, patch: AdminPairPatch) =>
        call(AdminPairResponse, "PATCH", `/pairs/${id(pairId)}`, patch),
      /** Accepts a real rate held back by the pair's jump bound (decision 056). */
      confirmRate: (pairId: number) =>
        call(AdminPairResponse, "POST", `/pairs/${id(pairId)}/confirm-rate`),
      rateHistory: (pairId: number, hours = 24) =>
        call(
          AdminPairRateHistoryResponse,
          "GET",
          `/pairs/${id(pairId)}/rate-history?hours=${hours}`,
        ),
    },
    rateSources: {
      list: () => call(AdminRateSourceListResponse, "GET", "/rate-sources"),
      preview: (body: AdminRatePreviewRequest) =>
        call(AdminRatePreviewResponse, "POST", "/rate-sources/preview", body),
    },
    withdrawals: {
      list: (filter: { status?: WithdrawalStatus; page?: number } = {}) =>
        call(AdminWithdrawalListResponse, "GET", `/withdrawals${queryString(filter)}`),
      decide: (withdrawalId: number, body: AdminWithdrawalDecision) =>
        call(AdminWithdrawalResponse, "POST", `/withdrawals/${id(withdrawalId)}/status`, body),
    },
    partners: {
      list: (filter: { page?: number } = {}) =>
        call(AdminPartnerListResponse, "GET", `/partners${queryString(filter)}`),
    },
    content: {
      list: (filter: AdminContentListQuery = {}) =>
        call(AdminContentListResponse, "GET", `/content${queryString(filter as QueryValues)}`),
      get: (contentId: number) =>
        call(AdminContentEntryResponse, "GET", `/content/${id(contentId)}`),
      create: (body: AdminCreateContentRequest) =>
        call(AdminContentEntryResponse, "POST", "/content", body),
      update: (contentId: number, patch: z.input<typeof AdminContentPatch>) =>
        call(AdminContentEntryResponse, "PATCH", `/content/${id(contentId)}`, patch),
    },
    operators: {
      list: () => call(AdminOperatorListResponse, "GET", "/operators"),
      create: (body: AdminCreateOperatorRequest) =>
        call(AdminOperatorResponse, "POST", "/operators", body),
      update: (operatorId: string, patch: z.input<typeof AdminOperatorPatch>) =>
        call(AdminOperatorResponse, "PATCH", `/operators/${id(operatorId)}`, patch),
    },
    audit: {
      // Filters as an address carries them (strings); the API checks each (decision 061).
      list: (filter: AuditFilter = {}) =>
        call(AdminAuditListResponse, "GET", `/audit${queryString(filter)}`),
    },
    settings: {
      alerts: () => call(AdminAlertSettingsResponse, "GET", "/settings/alerts"),
      updateAlerts: (patch: AdminAlertSettingsPatch) =>
        call(AdminAlertSettingsResponse, "PATCH", "/settings/alerts", patch),
      testAlert: () => call(AdminTestAlertResponse, "POST", "/settings/alerts/test", {}),
    },
    alerts: {
      list: (filter: { page?: number } = {}) =>
        call(AdminAlertListResponse, "GET", `/alerts${queryString(filter)}`),
    },
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
