import type { DataResponseSchema } from "@obmen/contracts";
import type { z } from "zod";
import type { ApiDeps } from "../api-routes.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { OperatorLoginLimits } from "../rate-limits/operator-login-limits.ts";
import type { OperatorRow } from "./auth/operator-sessions.ts";
import type { AdminAccess, AdminRouteDefinition } from "./http/admin-route.ts";

/** Handed to each console feature's `register…Routes`: deps and the one route definer. */
export interface AdminRoutes {
  deps: ApiDeps;
  define: <
    P extends z.ZodType | undefined,
    Q extends z.ZodType | undefined,
    B extends z.ZodType | undefined,
    R extends DataResponseSchema | "file",
    A extends AdminAccess,
  >(
    route: AdminRouteDefinition<P, Q, B, R, A>,
  ) => void;
  limiter: OperatorLoginLimits;
  mustEnrolTotp: (operator: OperatorRow) => boolean;
  /** Mark the session cookie `Secure`: the console is served over HTTPS. */
  secureCookie: boolean;
  /** The icon files the site serves, sorted (`AdminApiOptions.icons`). */
  icons: readonly string[];
  /** How a test alert leaves at once (`AdminApiOptions.alertChannels`). */
  alertChannels: AlertChannels;
}

/** The channels a test alert is sent through: the server's mailer and the Bot API's base. */
export interface AlertChannels {
  /** Null when the server sends no mail (production without `SMTP_URL`). */
  mailer: Mailer | null;
  /** `TELEGRAM_API_URL`; tests point it at a local fake. */
  telegramApiUrl?: string;
}
