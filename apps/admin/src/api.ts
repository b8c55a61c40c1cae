import type { OperatorRole } from "@obmen/contracts";

/**
 * The console's one way to the server: JSON to `/admin/api/*` with the session cookie
 * (decision 028). Every refusal becomes an `ApiError` carrying the API's error shape, so a
 * screen shows `fields` under its inputs and the message otherwise. A 401 from any call tells
 * the app the session is gone (it returns to sign-in).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

type Listener = (error: ApiError) => void;
let onUnauthorized: Listener = () => {};
let language = "ru";

/** Called by the app once: a 401 anywhere signs the operator out of the UI. */
export function setUnauthorizedListener(listener: Listener): void {
  onUnauthorized = listener;
}

/** The API words its errors in this language (Accept-Language, decision 016). */
export function setApiLanguage(locale: string): void {
  language = locale;
}

export async function api<T>(
  method: "GET" | "POST" | "PATCH" | "PUT",
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { "accept-language": language };
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/admin/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "NETWORK", "");
  }
  const payload = (await response.json().catch(() => null)) as {
    data?: T;
    error?: {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
      details?: Record<string, unknown>;
    };
  } | null;
  if (response.ok && payload && "data" in payload) return payload.data as T;
  const error = new ApiError(
    response.status,
    payload?.error?.code ?? "INTERNAL",
    payload?.error?.message ?? "",
    payload?.error?.fields ?? {},
    payload?.error?.details ?? {},
  );
  if (response.status === 401 && !path.startsWith("/login")) onUnauthorized(error);
  throw error;
}

export interface Operator {
  id: string;
  email: string;
  role: OperatorRole;
  totp_enabled: boolean;
  totp_enrolment_required: boolean;
}

/** Builds `?a=1&b=2` from the values that are set. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
