import type { CurrencyKind, ReserveEntry } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import { filterReserveGroups, toReserveGroups } from "./reserve-rows.ts";

function entry(
  id: number,
  kind: CurrencyKind,
  name: string,
  code: string,
  reserve: string,
  decimal: number,
): ReserveEntry {
  return {
    currency: {
      id,
      url_xml: `${code}${id}`,
      currency_code: { name: code },
      pay_system: { name, icon: `/icons/${code.toLowerCase()}.svg`, network_code: null },
      kind,
    },
    reserve,
    decimal,
  };
}

const ENTRIES = [
  entry(1, "crypto", "Bitcoin", "BTC", "2.12345678", 8),
  entry(2, "bank", "Сбербанк", "RUB", "18500000.5", 2),
  entry(3, "crypto", "Tether TRC20", "USDT", "120000", 2),
  entry(4, "ewallet", "ЮMoney", "RUB", "350000.00", 2),
  entry(5, "bank", "Приват24", "UAH", "0", 2),
];

describe("toReserveGroups", () => {
  it("groups crypto, banks and e-wallets in that order, keeping the API's order inside", () => {
    const groups = toReserveGroups(ENTRIES, "en");
    expect(groups.map((group) => group.kind)).toEqual(["crypto", "bank", "ewallet"]);
    expect(groups[0]?.rows.map((row) => row.code)).toEqual(["BTC", "USDT"]);
    expect(groups[1]?.rows.map((row) => row.name)).toEqual(["Сбербанк", "Приват24"]);
  });

  // Russian groups digits with a no-break space, so an amount never wraps mid-number.
  it("formats amounts in the page's number format without rounding up", () => {
    const ru = toReserveGroups(ENTRIES, "ru");
    expect(ru[0]?.rows.map((row) => row.amount)).toEqual(["2,12345678", "120\u00a0000"]);
    expect(ru[1]?.rows[0]?.amount).toBe("18\u00a0500\u00a0000,50");
    const en = toReserveGroups(ENTRIES, "en");
    expect(en[1]?.rows[0]?.amount).toBe("18,500,000.50");
    expect(en[2]?.rows[0]?.amount).toBe("350,000");
    const truncated = toReserveGroups([entry(6, "crypto", "Ether", "ETH", "1.999999999", 6)], "en");
    expect(truncated[0]?.rows[0]?.amount).toBe("1.999999");
  });

  it("leaves out kinds without currencies", () => {
    expect(toReserveGroups([ENTRIES[0] as ReserveEntry], "en").map((g) => g.kind)).toEqual([
      "crypto",
    ]);
  });
});

describe("filterReserveGroups", () => {
  const groups = toReserveGroups(ENTRIES, "ru");
  const codes = (query: string) =>
    filterReserveGroups(groups, query).flatMap((group) => group.rows.map((row) => row.id));

  it("keeps everything for an empty query", () => {
    expect(codes("")).toEqual([1, 3, 2, 5, 4]);
    expect(codes("   ")).toEqual([1, 3, 2, 5, 4]);
  });

  it("matches names and codes in any case, every word", () => {
    expect(codes("btc")).toEqual([1]);
    expect(codes("rub")).toEqual([2, 4]);
    expect(codes("сбер")).toEqual([2]);
    expect(codes("usdt trc")).toEqual([3]);
    expect(codes("usdt erc")).toEqual([]);
  });

  it("drops groups left empty", () => {
    expect(filterReserveGroups(groups, "btc").map((group) => group.kind)).toEqual(["crypto"]);
  });
});
