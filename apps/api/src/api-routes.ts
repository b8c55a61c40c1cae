import type { DataResponseSchema } from "@obmen/contracts";
import type { Database } from "@obmen/db";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { AccountSecurity } from "./account/account-security.ts";
import type { AffiliateSettings } from "./affiliate/affiliate-settings.ts";
import type { CatalogueChanges } from "./catalogue/catalogue-changes.ts";
import type { PairCache } from "./catalogue/pair-cache.ts";
import type { ContentCache, ContentChanges } from "./content/content-cache.ts";
import type {
  SignedRouteDefinition,
  SignedRouteDoc,
  SignedRouteSecurity,
} from "./http/signed-route.ts";
import type { RouteAuth } from "./http/user-auth.ts";
import type { OrderEffects } from "./orders/effects/order-effects.ts";
import type { PaymentSettings } from "./payments/payment-settings.ts";
import type { RateJobOptions } from "./rates/rate-jobs.ts";
import type { OrderRisk } from "./risk/order-risk.ts";

/** What the API tier needs from the process that hosts it (the composition root). */
export interface ApiDeps {
  db: Database;
  pairCache: PairCache;
  catalogueChanges: CatalogueChanges;
  /** Publish after changing site texts; every process then drops its content cache. */
  contentChanges: ContentChanges;
  contentCache: ContentCache;
  orderEffects: OrderEffects;
  /** How long a new order's rate stays locked before it expires unpaid. */
  orderLifetimeMs: number;
  /** The public site (`APP_URL`), for links in letters; never the request's Host header. */
  appUrl: string;
  /** Rate limits, captcha and the TOTP seal of the account calls (decision 026). */
  accountSecurity: AccountSecurity;
  /** The chain watchers' sources (issue 28). */
  payments: PaymentSettings;
  /** Rate sources' settings (URLs, interval); null: the console's preview fetches nothing. */
  rates: RateJobOptions | null;
  /** Why a new order should be held (blacklist, blocked customer; decision 062). */
  orderRisk: OrderRisk;
  /** The affiliate programme's terms (`AFFILIATE_*`, parsed in the server's config). */
  affiliate: AffiliateSettings;
}

/** Handed to each feature's `register…Routes`: the Fastify scope, deps, and the signed-route definer. */
export interface ApiRoutes {
  app: FastifyInstance;
  deps: ApiDeps;
  /** For routes that open envelopes themselves (multipart). */
  security: SignedRouteSecurity;
  /** Every call's documentation, for the OpenAPI document. */
  docs: SignedRouteDoc[];
  /** For routes that send their answers themselves (`sendData`): check them against the schema. */
  checkResponses: boolean;
  define: <
    S extends z.ZodType,
    R extends DataResponseSchema,
    A extends RouteAuth = "none",
    M = never,
  >(
    route: SignedRouteDefinition<S, R, A, M>,
  ) => void;
}
