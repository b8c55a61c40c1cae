import {
  AdminCreateCurrencyRequest,
  AdminCreatePairRequest,
  AdminCreatePaySystemRequest,
  AdminCurrencyFieldsRequest,
  AdminCurrencyListResponse,
  AdminCurrencyPatch,
  AdminCurrencyResponse,
  AdminIconListResponse,
  AdminIdParams,
  AdminPairListResponse,
  AdminPairPatch,
  AdminPairResponse,
  AdminPaySystemListResponse,
  AdminPaySystemPatch,
  AdminPaySystemResponse,
} from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { createCurrency } from "./create-currency.ts";
import { createPair } from "./create-pair.ts";
import { loadAdminCurrencies } from "./currency-view.ts";
import { loadAdminPairs } from "./pair-view.ts";
import { createPaySystem, listPaySystems } from "./pay-systems.ts";
import { replaceCurrencyFields } from "./replace-currency-fields.ts";
import { assertSiteIcon } from "./site-icons.ts";
import { updateCurrency } from "./update-currency.ts";
import { updatePair } from "./update-pair.ts";
import { updatePaySystem } from "./update-pay-system.ts";

/** Rates, reserves and limits move money: operators and admins, not editors. */
const DESK = ["admin", "operator"] as const;

export function registerAdminCatalogueRoutes({ define, deps, icons }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/currencies",
    summary: "Every currency with its reserve, what open orders hold, what is available, limits",
    role: DESK,
    response: AdminCurrencyListResponse,
    handler: async ({ lang }) => ({ items: await loadAdminCurrencies({ db: deps.db, lang }) }),
  });

  define({
    method: "PATCH",
    path: "/admin/api/currencies/{id}",
    summary: "Change a currency's reserve, decimals, limits, payment details or switch it on/off",
    role: DESK,
    params: AdminIdParams,
    body: AdminCurrencyPatch,
    response: AdminCurrencyResponse,
    handler: ({ params, body, caller, ip }) =>
      updateCurrency({
        db: deps.db,
        catalogueChanges: deps.catalogueChanges,
        id: params.id,
        patch: body,
        actor: { operatorId: caller.operator.id, ip },
        btcpayConfigured: deps.payments.btcpay !== undefined,
      }),
  });

  define({
    method: "GET",
    path: "/admin/api/pairs",
    summary: "Every exchange direction with its rate, real rate, markup, fee and limits",
    role: DESK,
    response: AdminPairListResponse,
    handler: async () => ({ items: await loadAdminPairs({ db: deps.db }) }),
  });

  define({
    method: "PATCH",
    path: "/admin/api/pairs/{id}",
    summary: "Change a direction's rates, fee, limits or switch it on/off",
    role: DESK,
    params: AdminIdParams,
    body: AdminPairPatch,
    response: AdminPairResponse,
    handler: ({ params, body, caller, ip }) =>
      updatePair({
        db: deps.db,
        catalogueChanges: deps.catalogueChanges,
        id: params.id,
        patch: body,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });

  define({
    method: "GET",
    path: "/admin/api/pay-systems",
    summary: "Every pay system (brand or network) currencies can belong to",
    role: DESK,
    response: AdminPaySystemListResponse,
    handler: async () => ({ items: await listPaySystems({ db: deps.db }) }),
  });

  define({
    method: "GET",
    path: "/admin/api/icons",
    summary: "The icon files the site serves: the only icons a pay system may be given",
    role: DESK,
    response: AdminIconListResponse,
    handler: async () => ({ items: [...icons] }),
  });

  define({
    method: "POST",
    path: "/admin/api/pay-systems",
    summary:
      "Add a pay system (a bank, an e-wallet, a blockchain network); its name is unique, its icon one the site serves",
    role: DESK,
    body: AdminCreatePaySystemRequest,
    response: AdminPaySystemResponse,
    handler: ({ body, caller, ip }) => {
      assertSiteIcon(icons, body.icon);
      return createPaySystem({
        db: deps.db,
        request: body,
        actor: { operatorId: caller.operator.id, ip },
      });
    },
  });

  define({
    method: "PATCH",
    path: "/admin/api/pay-systems/{id}",
    summary:
      "Fix a pay system's names or icon (one the site serves); customers see the change at once",
    role: DESK,
    params: AdminIdParams,
    body: AdminPaySystemPatch,
    response: AdminPaySystemResponse,
    handler: ({ params, body, caller, ip }) => {
      assertSiteIcon(icons, body.icon);
      return updatePaySystem({
        db: deps.db,
        catalogueChanges: deps.catalogueChanges,
        id: params.id,
        patch: body,
        actor: { operatorId: caller.operator.id, ip },
      });
    },
  });

  define({
    method: "POST",
    path: "/admin/api/currencies",
    summary: "Add a currency with the fields customers fill for it; it starts switched off",
    role: DESK,
    body: AdminCreateCurrencyRequest,
    response: AdminCurrencyResponse,
    handler: ({ body, caller, ip }) =>
      createCurrency({
        db: deps.db,
        catalogueChanges: deps.catalogueChanges,
        request: body,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });

  define({
    method: "POST",
    path: "/admin/api/pairs",
    summary: "Add an exchange direction between two currencies; it starts switched off",
    role: DESK,
    body: AdminCreatePairRequest,
    response: AdminPairResponse,
    handler: ({ body, caller, ip }) =>
      createPair({
        db: deps.db,
        catalogueChanges: deps.catalogueChanges,
        request: body,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });

  define({
    method: "PUT",
    path: "/admin/api/currencies/{id}/fields",
    summary:
      "Replace the order fields customers fill for a currency (orders already made keep theirs)",
    role: DESK,
    params: AdminIdParams,
    body: AdminCurrencyFieldsRequest,
    response: AdminCurrencyResponse,
    handler: ({ params, body, caller, ip }) =>
      replaceCurrencyFields({
        db: deps.db,
        catalogueChanges: deps.catalogueChanges,
        id: params.id,
        request: body,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });
}
