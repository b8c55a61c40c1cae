import type { CurrencyKind } from "@obmen/contracts";
import { matchesSearch } from "./currency-search.ts";
import type { CatalogueCurrency, PairCatalogue } from "./pair-catalogue.ts";

export type Side = "send" | "receive";

/** One row of a select list: a currency and, once the other side is chosen, the pair's rate. */
export interface SelectOption {
  currency: CatalogueCurrency;
  /** The rate of the pair with the other side's chosen currency; null when none is chosen. */
  rate: string | null;
}

export interface OptionGroup {
  kind: CurrencyKind;
  options: SelectOption[];
}

/** Crypto first, then banks, then e-wallets: how exchangers customarily order their lists. */
const KIND_ORDER: readonly CurrencyKind[] = ["crypto", "bank", "ewallet"];

/**
 * The currencies one side of the select view offers. With nothing chosen on the other side,
 * every currency that can be sent (or received) in some active pair; with `other` chosen,
 * only those it pairs with, each with that pair's rate.
 */
export function sideOptions(
  catalogue: PairCatalogue,
  side: Side,
  other: string | null,
): SelectOption[] {
  const otherSide: Side = side === "send" ? "receive" : "send";
  const rates = new Map<string, string | null>();
  for (const pair of catalogue.pairs) {
    if (other !== null && pair[otherSide] !== other) continue;
    if (!rates.has(pair[side])) rates.set(pair[side], other === null ? null : pair.rate);
  }
  return catalogue.currencies
    .filter((currency) => rates.has(currency.code))
    .map((currency) => ({ currency, rate: rates.get(currency.code) ?? null }));
}

/** Options grouped by kind in `KIND_ORDER`, keeping their order inside a group; empty groups dropped. */
export function groupByKind(options: SelectOption[]): OptionGroup[] {
  return KIND_ORDER.map((kind) => ({
    kind,
    options: options.filter((option) => option.currency.kind === kind),
  })).filter((group) => group.options.length > 0);
}

/** The options whose currency matches the search query (all of them for an empty query). */
export function filterOptions(options: SelectOption[], query: string): SelectOption[] {
  return query.trim() === "" ? options : options.filter((o) => matchesSearch(o.currency, query));
}

/** Just the codes of the active pairs: enough to check a URL. */
export type PairCodes = { pairs: readonly { send: string; receive: string }[] };

/** The canonical spelling of a code on one side of some active pair, ignoring case. */
export function findCode(catalogue: PairCodes, side: Side, code: string): string | null {
  const wanted = code.toUpperCase();
  const pair = catalogue.pairs.find((p) => p[side].toUpperCase() === wanted);
  return pair ? pair[side] : null;
}

/** The active pair with these codes, ignoring case, in its canonical spelling. */
export function findPair(
  catalogue: PairCodes,
  send: string,
  receive: string,
): { send: string; receive: string } | null {
  const [s, r] = [send.toUpperCase(), receive.toUpperCase()];
  const pair = catalogue.pairs.find(
    (p) => p.send.toUpperCase() === s && p.receive.toUpperCase() === r,
  );
  return pair ? { send: pair.send, receive: pair.receive } : null;
}
