import type { RateItem } from "./build-rate-items.ts";

/**
 * The BestChange XML export: UTF-8, one element per line, decimal point, children in the
 * order BestChange documents them (from, to, in, out, amount, limits, fees, param).
 * Amounts that BestChange qualifies with a currency carry the code: `0.001 BTC`.
 */
export function renderRatesXml(items: readonly RateItem[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<rates>"];
  for (const item of items) {
    lines.push(
      "  <item>",
      element("from", item.from),
      element("to", item.to),
      element("in", item.in),
      element("out", item.out),
      element("amount", item.amount),
      element("minamount", `${item.minamount} ${item.fromCode}`),
      element("maxamount", `${item.maxamount} ${item.fromCode}`),
    );
    if (item.tofee !== null) lines.push(element("tofee", `${item.tofee} ${item.toCode}`));
    if (item.param !== null) lines.push(element("param", item.param));
    lines.push("  </item>");
  }
  lines.push("</rates>", "");
  return lines.join("\n");
}

/** A JSON export item: the XML's data, every amount a bare decimal string in its side's unit. */
export interface RatesJsonItem {
  from: string;
  to: string;
  in: string;
  out: string;
  amount: string;
  /** In the `from` currency. */
  minamount: string;
  maxamount: string;
  /** In the `to` currency. */
  tofee?: string;
  param?: string;
}

/**
 * The same data as JSON for monitors that prefer it. Amounts are decimal strings without the
 * currency code (the unit is the `from` or `to` currency, as in the XML), so they parse as
 * numbers directly.
 */
export function renderRatesJson(items: readonly RateItem[]): string {
  const rates = items.map((item): RatesJsonItem => {
    const { from, to, amount, minamount, maxamount } = item;
    return {
      from,
      to,
      in: item.in,
      out: item.out,
      amount,
      minamount,
      maxamount,
      ...(item.tofee !== null ? { tofee: item.tofee } : {}),
      ...(item.param !== null ? { param: item.param } : {}),
    };
  });
  return JSON.stringify({ rates });
}

function element(name: string, text: string): string {
  return `    <${name}>${escapeXmlText(text)}</${name}>`;
}

/** Codes are `[A-Z0-9]+` by a database check, but currency codes are free text. */
function escapeXmlText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
