/**
 * The API's settings as the server's config parses them (apps/server/src/config.ts): schemas
 * and defaults only (zod and the domain), so the config and the CLIs can read them without
 * loading the API.
 */
export {
  AFFILIATE_ENV,
  type AffiliateSettings,
  affiliateSettingsOf,
  DEFAULT_AFFILIATE_SETTINGS,
} from "./affiliate/affiliate-settings.ts";
export {
  CallBudgetSetting,
  DEFAULT_PUBLIC_CALL_POLICY,
  PUBLIC_CALL_ENV,
  type PublicCall,
  type PublicCallPolicy,
} from "./rate-limits/public-call-policy.ts";
