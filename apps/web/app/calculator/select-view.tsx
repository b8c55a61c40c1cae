import { useSearchParams } from "react-router";
import type { PairCatalogue } from "../catalogue/pair-catalogue.ts";
import { findCode, groupByKind, type Side, sideOptions } from "../catalogue/select-options.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { NotOpenNotice } from "./not-open-notice.tsx";
import { exchangePath, selectPath } from "./pair-paths.ts";
import { SelectColumn } from "./select-column.tsx";

/** `/?to=SBERRUB`: the receive currency chosen before the send one (there is no path for it). */
export const RECEIVE_PARAM = "to";
/** The search queries, so a search works as a plain GET form before JavaScript has loaded. */
export const QUERY_PARAMS: Record<Side, string> = { send: "send_q", receive: "receive_q" };

/**
 * The calculator's select view (spec §2 "select and order"): what the visitor sends and what
 * they receive, side by side on wide screens and stacked on phones. Every choice is a link,
 * so the state lives in the URL (`/BTC`, then `/exchange/BTC/SBERRUB`), survives a reload,
 * can be shared and works without JavaScript; the search filters as one types once it has
 * loaded, and is a GET form before.
 */
export function SelectView({
  catalogue,
  send,
}: {
  /** null: the pair list failed to load (spec §8: the page still renders, and retries). */
  catalogue: PairCatalogue | null;
  /** The send currency's code from the path, already checked and canonical. */
  send: string | null;
}) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [params] = useSearchParams();
  if (catalogue === null) {
    return (
      <p className="notice" role="status">
        {t("Home.Unavailable")}
      </p>
    );
  }
  if (catalogue.pairs.length === 0) return <NotOpenNotice />;

  const receive =
    send === null ? findCode(catalogue, "receive", params.get(RECEIVE_PARAM) ?? "") : null;
  const nameOf = (code: string | null) =>
    catalogue.currencies.find((currency) => currency.code === code) ?? null;
  const sendCurrency = nameOf(send);
  const receiveCurrency = nameOf(receive);
  // The other column's state rides along when one column's search is submitted without JS.
  const keep = (side: Side): Record<string, string> => {
    const other = side === "send" ? "receive" : "send";
    const kept: Record<string, string> = {};
    if (receive !== null) kept[RECEIVE_PARAM] = receive;
    const otherQuery = params.get(QUERY_PARAMS[other]);
    if (otherQuery) kept[QUERY_PARAMS[other]] = otherQuery;
    return kept;
  };

  return (
    <div className="select">
      <SelectColumn
        key={`send-${send}`}
        side="send"
        title={t("Home.Send")}
        hint={
          receiveCurrency
            ? t("Home.SendHint", { name: `${receiveCurrency.name} ${receiveCurrency.ticker}` })
            : null
        }
        groups={groupByKind(sideOptions(catalogue, "send", receive))}
        chosen={sendCurrency}
        hrefFor={(code) => href(receive ? exchangePath(code, receive) : selectPath(code))}
        queryParam={QUERY_PARAMS.send}
        initialQuery={params.get(QUERY_PARAMS.send) ?? ""}
        keptParams={keep("send")}
        // Phones show one list at a time: after a choice, only what it narrows.
        collapsed={send !== null}
      />
      <SelectColumn
        // Not keyed by the send currency: a search typed here while a new send currency's page
        // loads must survive its arrival (the list refilters; select-layout.tsx keeps this mounted).
        key={`receive-${receive}`}
        side="receive"
        title={t("Home.Receive")}
        hint={
          sendCurrency
            ? t("Home.ReceiveHint", { name: `${sendCurrency.name} ${sendCurrency.ticker}` })
            : null
        }
        groups={groupByKind(sideOptions(catalogue, "receive", send))}
        chosen={receiveCurrency}
        hrefFor={(code) =>
          href(
            send
              ? exchangePath(send, code)
              : `${selectPath(null)}?${new URLSearchParams({ [RECEIVE_PARAM]: code })}`,
          )
        }
        queryParam={QUERY_PARAMS.receive}
        initialQuery={params.get(QUERY_PARAMS.receive) ?? ""}
        keptParams={keep("receive")}
        collapsed={send === null}
      />
    </div>
  );
}
