import type { ApiCallError } from "@obmen/contracts/sdk";

/** The SDK's failed call, and its answer that did not match the call's schema (a 502). */
const API_CALL_ERROR_NAMES = new Set(["ApiCallError", "ApiResponseError"]);

/**
 * Recognises the SDK's `ApiCallError` by shape, not `instanceof`: the SDK object in the load
 * context is created by the server from its own copy of @obmen/contracts, while the route
 * modules are bundled with another copy, so the two classes are not the same object.
 */
export function isApiCallError(error: unknown): error is ApiCallError {
  if (!(error instanceof Error) || !API_CALL_ERROR_NAMES.has(error.name)) return false;
  const candidate = error as Partial<ApiCallError>;
  return typeof candidate.status === "number" && typeof candidate.body?.error?.code === "string";
}
