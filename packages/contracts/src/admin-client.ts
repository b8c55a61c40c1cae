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
  AdminPaySystemResponse,
  AdminTotpConfirmResponse,
  AdminTotpStartResponse,
} from "./admin.ts";
import type { ErrorCode } from "./errors.ts";
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

/**
 * The operator console's calls for a browser app on the console's own origin (the session
 * cookie travels by itself, `credentials: "same-origin"`). Every answer is parsed with its
 * route's schema; a refusal throws AdminApiError. Browser-safe: fetch and zod only.
 */
export function createAdminClient(
  options: { baseUrl?: string; fetch?: typeof fetch; lang?: string } = {},
) {
  const baseUrl = options.baseUrl ?? "";
  const send = options.fetch ?? ((input, init) => fetch(input, init));

  async function call<R extends DataResponseSchema>(
    schema: R,
    method: "GET" | "POST" | "PATCH" | "PUT",
    path: string,
    body?: unknown,
  ): Promise<Data<R>> {
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, {
        method,
        credentials: "same-origin",
        headers: {
          accept: "application/json",
          ...(options.lang ? { "accept-language": options.lang } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new AdminApiError({ status: 0, code: "NETWORK", message: String(error) });
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = (json as { error?: Partial<AdminApiError> } | null)?.error;
      throw new AdminApiError({
        status: response.status,
        code: (error?.code as ErrorCode) ?? "INTERNAL",
        message: error?.message ?? response.statusText,
        fields: error?.fields as Record<string, string> | undefined,
        details: error?.details as Record<string, unknown> | undefined,
      });
    }
    return (schema.parse(json) as { data: Data<R> }).data;
  }

  const query = (values: Record<string, string | number | undefined>) => {
    const entries = Object.entries(values).filter(
      ([, value]) => value !== undefined && value !== "",
    );
    return entries.length === 0
      ? ""
      : `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)]))}`;
  };

  return {
    login: (body: AdminLoginRequest) => call(AdminLoginResponse, "POST", "/admin/api/login", body),
    logout: () => call(AdminLogoutResponse, "POST", "/admin/api/logout"),
    me: () => call(AdminMeResponse, "GET", "/admin/api/me"),
    startTotp: () => call(AdminTotpStartResponse, "POST", "/admin/api/me/totp"),
    confirmTotp: (totp: string) =>
      call(AdminTotpConfirmResponse, "POST", "/admin/api/me/totp/confirm", { totp }),
    changePassword: (body: { old_password: string; new_password: string }) =>
      call(AdminChangePasswordResponse, "POST", "/admin/api/me/password", body),
    orders: {
      list: (filter: AdminOrderListQuery = {}) =>
        call(AdminOrderListResponse, "GET", `/admin/api/orders${query(filter)}`),
      get: (uuid: string) =>
        call(AdminOrderResponse, "GET", `/admin/api/orders/${encodeURIComponent(uuid)}`),
      setStatus: (uuid: string, body: AdminChangeOrderStatusRequest) =>
        call(
          AdminChangeOrderStatusResponse,
          "POST",
          `/admin/api/orders/${encodeURIComponent(uuid)}/status`,
          body,
        ),
    },
    paySystems: {
      list: () => call(AdminPaySystemListResponse, "GET", "/admin/api/pay-systems"),
      create: (body: AdminCreatePaySystemRequest) =>
        call(AdminPaySystemResponse, "POST", "/admin/api/pay-systems", body),
    },
    currencies: {
      list: () => call(AdminCurrencyListResponse, "GET", "/admin/api/currencies"),
      create: (body: AdminCreateCurrencyRequest) =>
        call(AdminCurrencyResponse, "POST", "/admin/api/currencies", body),
      update: (id: number, patch: AdminCurrencyPatch) =>
        call(AdminCurrencyResponse, "PATCH", `/admin/api/currencies/${id}`, patch),
      setFields: (id: number, body: z.input<typeof AdminCurrencyFieldsRequest>) =>
        call(AdminCurrencyResponse, "PUT", `/admin/api/currencies/${id}/fields`, body),
    },
    pairs: {
      list: () => call(AdminPairListResponse, "GET", "/admin/api/pairs"),
      create: (body: AdminCreatePairRequest) =>
        call(AdminPairResponse, "POST", "/admin/api/pairs", body),
      update: (id: number, patch: AdminPairPatch) =>
        call(AdminPairResponse, "PATCH", `/admin/api/pairs/${id}`, patch),
    },
    operators: {
      list: () => call(AdminOperatorListResponse, "GET", "/admin/api/operators"),
      create: (body: AdminCreateOperatorRequest) =>
        call(AdminOperatorResponse, "POST", "/admin/api/operators", body),
      update: (id: string, patch: z.input<typeof AdminOperatorPatch>) =>
        call(
          AdminOperatorResponse,
          "PATCH",
          `/admin/api/operators/${encodeURIComponent(id)}`,
          patch,
        ),
    },
    audit: {
      list: (page = 1) => call(AdminAuditListResponse, "GET", `/admin/api/audit${query({ page })}`),
    },
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
