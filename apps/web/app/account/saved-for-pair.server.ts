import type { Wallet } from "@obmen/contracts";
import type { RouterContextProvider } from "react-router";
import type { Locale } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { SavedWallet } from "./saved-wallet.ts";
import { visitorCaller } from "./visitor.server.ts";

export interface SavedForPair {
  /** Spec §5: the template's amount for this direction comes before the pair's minimum. */
  templateAmount: string | null;
  wallets: SavedWallet[];
}

const NOTHING: SavedForPair = { templateAmount: null, wallets: [] };

/**
 * What a signed-in user saved for this direction: a template's amount and the wallets of the
 * receive currency. Nothing for an anonymous visitor; a failure also gives nothing (spec §8),
 * the calculator working as for anyone.
 */
export async function loadSavedForPair(options: {
  context: Readonly<RouterContextProvider>;
  request: Request;
  locale: Locale;
  sendCurrencyId: number;
  receiveCurrencyId: number;
}): Promise<SavedForPair> {
  const { context, request, locale } = options;
  const caller = visitorCaller(context, request, locale);
  if (!caller.userAuthToken) return NOTHING;
  const { api, log } = context.get(webContext);
  const [templates, wallets] = await Promise.allSettled([
    api.user.templates.list(caller),
    api.user.wallets.list(caller),
  ]);
  if (templates.status === "rejected" || wallets.status === "rejected") {
    log.warn(
      {
        err:
          templates.status === "rejected"
            ? templates.reason
            : (wallets as PromiseRejectedResult).reason,
      },
      "calculator: saved templates or wallets failed",
    );
  }
  const template =
    templates.status === "fulfilled"
      ? templates.value.find(
          (item) =>
            item.from_currency_id === options.sendCurrencyId &&
            item.to_currency_id === options.receiveCurrencyId,
        )
      : undefined;
  return {
    templateAmount: template?.amount ?? null,
    wallets:
      wallets.status === "fulfilled"
        ? wallets.value
            .filter((wallet) => wallet.currency_id === options.receiveCurrencyId)
            .map(toSavedWallet)
        : [],
  };
}

function toSavedWallet(wallet: Wallet): SavedWallet {
  return { id: wallet.id, fieldKey: wallet.field_key, value: wallet.value, label: wallet.label };
}
