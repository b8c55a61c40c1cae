/** Where the watchers read the chains (apps/server/src/config.ts; README "Configuration"). */
export interface PaymentSettings {
  /** `ESPLORA_URL`: an Esplora API base, e.g. https://blockstream.info/api. */
  esploraUrl: string;
  /** `TRONGRID_URL`: TronGrid's base, e.g. https://api.trongrid.io. */
  trongridUrl: string;
  /** `TRONGRID_API_KEY`: sent as `TRON-PRO-API-KEY` when set. */
  trongridApiKey?: string;
  /** BTCPay Server's Greenfield API; absent: a currency cannot be bound to BTCPay. */
  btcpay?: {
    url: string;
    apiKey: string;
    storeId: string;
    /** `BTCPAY_WEBHOOK_SECRET`: the webhook's HMAC key; absent: every delivery is refused. */
    webhookSecret?: string;
  };
  /** `PAYMENTS_POLL_SECONDS`: how often every watched address is read. */
  pollSeconds: number;
  /** How long an order's address stays watched after the order ends (late payments). */
  graceMs: number;
}

export const DEFAULT_ESPLORA_URL = "https://blockstream.info/api";
export const DEFAULT_TRONGRID_URL = "https://api.trongrid.io";
/** Two days: a customer who paid late usually writes within a day. */
export const DEFAULT_GRACE_MS = 48 * 3_600_000;

export function defaultPaymentSettings(): PaymentSettings {
  return {
    esploraUrl: DEFAULT_ESPLORA_URL,
    trongridUrl: DEFAULT_TRONGRID_URL,
    pollSeconds: 30,
    graceMs: DEFAULT_GRACE_MS,
  };
}
