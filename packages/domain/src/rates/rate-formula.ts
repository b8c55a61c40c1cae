/**
 * A pair's rate formula (issue 27 point 2): one source quote (`binance:BTCUSDT`) or a cross
 * rate through intermediates, quotes joined by `*` or `/` (`binance:BTCUSDT*cbr:USDRUB` is
 * BTC in USDT times USD in roubles: BTC in roubles; `cbr:USDRUB/nbu:USDUAH` is hryvnias in
 * roubles). Evaluated left to right; at most four quotes.
 */
export interface RateFormulaTerm {
  /** `*` for the first term too: the formula starts from 1. */
  operator: "*" | "/";
  source: string;
  symbol: string;
}

export const RATE_FORMULA_SOURCES = ["binance", "bybit", "cbr", "nbu", "ecb", "manual"] as const;
export const MAX_FORMULA_TERMS = 4;
const TERM = /^([a-z]+):([A-Z0-9]{2,30})$/;

/** The formula's terms, or null when it is not one (unknown source, bad symbol, too long). */
export function parseRateFormula(text: string): RateFormulaTerm[] | null {
  if (typeof text !== "string" || text.length > 200) return null;
  const parts = text.split(/([*/])/);
  const terms: RateFormulaTerm[] = [];
  for (let index = 0; index < parts.length; index += 2) {
    const match = TERM.exec(parts[index]!.trim());
    if (!match) return null;
    const source = match[1]!;
    if (!(RATE_FORMULA_SOURCES as readonly string[]).includes(source)) return null;
    const operator = index === 0 ? "*" : (parts[index - 1] as "*" | "/");
    terms.push({ operator, source, symbol: match[2]! });
  }
  return terms.length > 0 && terms.length <= MAX_FORMULA_TERMS ? terms : null;
}

/** The formula as stored and shown: `binance:BTCUSDT*cbr:USDRUB`, no spaces. */
export function formatRateFormula(terms: RateFormulaTerm[]): string {
  return terms
    .map((term, index) => `${index === 0 ? "" : term.operator}${term.source}:${term.symbol}`)
    .join("");
}

/** `binance:BTCUSDT`: how a quote is named in formulas and in the quote store. */
export const quoteKey = (term: Pick<RateFormulaTerm, "source" | "symbol">) =>
  `${term.source}:${term.symbol}`;
