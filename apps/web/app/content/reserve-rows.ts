import type { CurrencyKind, ReserveEntry } from "@obmen/contracts";
import { formatAmountNumber } from "@obmen/domain";
import type { Locale } from "../i18n/locale.ts";

export interface ReserveRow {
  id: number;
  name: string;
  code: string;
  icon: string;
  /** The reserve for reading, in the page's number format, never rounded up. */
  amount: string;
  /** Lower-case words the search matches against: name, code and URL code. */
  searchText: string;
}

export interface ReserveGroup {
  kind: CurrencyKind;
  rows: ReserveRow[];
}

const KIND_ORDER: CurrencyKind[] = ["crypto", "bank", "ewallet"];

/** The reserve list grouped by kind (crypto, banks, e-wallets), each in the API's order. */
export function toReserveGroups(entries: ReserveEntry[], locale: Locale): ReserveGroup[] {
  return KIND_ORDER.map((kind) => ({
    kind,
    rows: entries
      .filter((entry) => entry.currency.kind === kind)
      .map((entry) => toRow(entry, locale)),
  })).filter((group) => group.rows.length > 0);
}

function toRow(entry: ReserveEntry, locale: Locale): ReserveRow {
  const { currency } = entry;
  const code = currency.currency_code.name;
  return {
    id: currency.id,
    name: currency.pay_system.name,
    code,
    icon: currency.pay_system.icon,
    // Written as amounts are everywhere (decision 022), and never more than the exchange holds.
    amount: formatAmountNumber({
      amount: entry.reserve,
      decimals: entry.decimal,
      locale,
      roundDown: true,
    }),
    searchText: normalize(`${currency.pay_system.name} ${code} ${currency.url_xml}`),
  };
}

/**
 * Rows matching every word of the query (`usdt trc` finds Tether USDT TRC20), in any case;
 * an empty query keeps everything, and a group left without rows disappears.
 */
export function filterReserveGroups(groups: ReserveGroup[], query: string): ReserveGroup[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      kind: group.kind,
      rows: group.rows.filter((row) => words.every((word) => row.searchText.includes(word))),
    }))
    .filter((group) => group.rows.length > 0);
}

// `ё` is often typed as `е`, so both spell the same word here.
function normalize(text: string): string {
  return text.toLocaleLowerCase().replaceAll("ё", "е").trim();
}
