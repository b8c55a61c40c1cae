export {
  type AccountSecurity,
  type AccountSecurityOptions,
  createAccountSecurity,
} from "./account/account-security.ts";
export type { CaptchaDifficulty } from "./account/captcha/captcha.ts";
export { createOperator } from "./admin/operators/create-operator.ts";
export { describeRefusal } from "./admin/operators/describe-refusal.ts";
export { ensureFirstAdmin } from "./admin/operators/ensure-first-admin.ts";
export { resetOperatorAccess } from "./admin/operators/reset-operator-access.ts";
export type { ApiDeps } from "./api-routes.ts";
export {
  type CatalogueChanges,
  createLocalCatalogueChanges,
} from "./catalogue/catalogue-changes.ts";
export type { ContentChanges } from "./content/content-cache.ts";
export type { ApiClient, ApiClientLookup } from "./http/api-clients.ts";
export { openDatabaseApiClients } from "./http/database-api-clients.ts";
export {
  createDatabaseReplayGuard,
  createMemoryReplayGuard,
  createRedisReplayGuard,
  type ReplayGuard,
} from "./http/replay-guard.ts";
export { answerClientError } from "./http/unparsed-requests.ts";
export { answerFrameworkError } from "./http/unrouted-requests.ts";
export { startJobRunner } from "./jobs/start-job-runner.ts";
export {
  registerMailboxRoutes,
  resolveMailDelivery,
  startOutboxDispatcher,
} from "./mail/index.ts";
export type { LimitPolicy } from "./rate-limits/account-limit-policy.ts";
export type { LimiterStore } from "./rate-limits/limiter-store.ts";
export { createOperatorLoginLimits } from "./rate-limits/operator-login-limits.ts";
export { type ApiDocs, type RegisterApiOptions, registerApi } from "./register-api.ts";
