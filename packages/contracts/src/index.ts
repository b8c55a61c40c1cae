// Browser-safe contracts: shapes, codes and locales shared by the web tier, the API and tests.
// The envelope and the SDK use node:crypto and live behind their own entry points.
export * from "./account.ts";
export * from "./account-data.ts";
export * from "./admin.ts";
export * from "./admin-alerts.ts";
export * from "./admin-content.ts";
export * from "./admin-customers.ts";
export * from "./admin-dashboard.ts";
export * from "./admin-rates.ts";
export * from "./admin-risk.ts";
export * from "./admin-settings.ts";
export * from "./affiliate.ts";
export * from "./catalogue.ts";
export * from "./content.ts";
export * from "./display-name.ts";
export * from "./errors.ts";
export * from "./locales.ts";
export * from "./orders.ts";
export * from "./pair-limits.ts";
export * from "./payments.ts";
export * from "./rate-history.ts";
export * from "./recalculation.ts";
export * from "./receipts.ts";
export * from "./reserves.ts";
export * from "./response.ts";
export { MAX_ROW_ID } from "./whole-number.ts";
