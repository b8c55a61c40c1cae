import type { ApiCallError } from "@obmen/contracts/sdk";

/**
 * Recognises the SDK's `ApiCallError` by shape, not `instanceof`: the SDK object in the load
 * context is created by the server from its own copy of @obmen/contracts, while the route
 * modules are bundled with another copy, so the two classes are not the same object.
 */
export function isApiCallError(error: unknown): error is ApiCallError {
  if (!(error instanceof Error) || error.name !== "ApiCallError") return false;
  const candidate = error as Partial<ApiCallError>;
  return typeof candidate.status === "number" && typeof candidate.body?.error?.code === "string";
}
