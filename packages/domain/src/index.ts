/**
 * @obmen/domain: the pure domain (docs/decisions/001-architecture.md). Plain functions over
 * plain data; no I/O and nothing Node-only, because the web calculator imports it too.
 */

export { normalizeAccountEmail } from "./account/account-email.ts";
export {
  checkPasswordLength,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordProblem,
} from "./account/password-rules.ts";
export { normalizeTelegramHandle, PERSONAL_NAME_MAX_LENGTH } from "./account/personal-info.ts";
export {
  SESSION_EXTEND_AFTER_MS,
  SESSION_LIFETIME_MS,
  USER_TOKEN_KINDS,
  USER_TOKEN_LIFETIME_MS,
  type UserTokenKind,
} from "./account/token-lifetimes.ts";
export {
  CONTENT_KINDS,
  type ContentKind,
  FAQ_SECTIONS,
  type FaqSection,
} from "./content/content-kinds.ts";
export { passesLuhn } from "./fields/card-number.ts";
export { KNOWN_ADDRESS_NETWORKS } from "./fields/crypto-address.ts";
export { toChecksumAddress } from "./fields/evm-address.ts";
export {
  FORMAT_FIELD_TYPE,
  isOrderFieldFormat,
  ORDER_FIELD_FORMATS,
  type OrderFieldFormat,
} from "./fields/field-formats.ts";
export {
  looksLikeCardNumber,
  maskCardNumber,
  maskEmail,
  maskFieldValue,
  maskFullName,
} from "./fields/mask-field-value.ts";
export {
  FIELD_MAX_LENGTH,
  type FieldRejectionReason,
  type FieldValidationResult,
  ORDER_FIELD_TYPES,
  type OrderFieldType,
  validateOrderField,
} from "./fields/validate-order-field.ts";
export {
  AMOUNT_CODE_SEPARATOR,
  type AmountCurrency,
  type AmountOptions,
  formatAmount,
  formatAmountInput,
  formatAmountNumber,
  formatPlainNumber,
  type NumberLocale,
  plainAmount,
} from "./format/format-amount.ts";
export { formatLimit } from "./format/format-limit.ts";
export { formatRate } from "./format/format-rate.ts";
export {
  compareDecimals,
  countDecimals,
  DECIMAL_PATTERN,
  DEFAULT_DECIMALS,
  type Decimal,
  formatDecimal,
  formatPlain,
  isPlainDecimal,
  MAX_CURRENCY_DECIMALS,
  MAX_DECIMAL_DIGITS,
  parseDecimal,
  type Rounding,
  roundDown,
  roundUp,
  toDecimal,
} from "./money.ts";
export { type DisplayNameProblem, displayNameProblem } from "./names/display-name.ts";
export {
  AWAITING_ANSWER_STATUS,
  canAnswerRecalculation,
  canRecalculate,
  RECALCULABLE_STATUSES,
  RECALCULATION_ANSWERS,
  RECALCULATION_STATES,
  type RecalculationAnswer,
  type RecalculationState,
  recalculateAmounts,
  refundFieldType,
  statusAfterAnswer,
} from "./order/recalculation.ts";
export { acceptsReceipts, MAX_RECEIPT_BYTES } from "./order/receipt.ts";
export {
  MAX_RATING,
  MIN_RATING,
  RATINGS,
  type Rating,
  REVIEW_TEXT_MAX_LENGTH,
} from "./order/review.ts";
export {
  ACTOR_KINDS,
  type ActorKind,
  CUSTOMER_STATUSES,
  type CustomerStatus,
  canTransition,
  isCustomerStatus,
  isOrderStatus,
  isTerminal,
  nextStatuses,
  ORDER_STATUSES,
  type OrderStatus,
  type ReserveHoldEffect,
  reserveHoldEffect,
} from "./order/status.ts";
export {
  type AmountField,
  type AmountViolation,
  type AmountViolationCode,
  checkAmounts,
} from "./pricing/check-amounts.ts";
export { defaultSendAmount, FALLBACK_SEND_AMOUNT } from "./pricing/default-send-amount.ts";
export { DISPLAY_RATE_DECIMALS, type DisplayedRate, displayRate } from "./pricing/display-rate.ts";
export {
  DEFAULT_RATE_TOLERANCE,
  isRateWithinTolerance,
} from "./pricing/is-rate-within-tolerance.ts";
export { type QuoteReceiveResult, quoteReceive } from "./pricing/quote-receive.ts";
export { type QuoteSendResult, quoteSend } from "./pricing/quote-send.ts";
export type { PairRateValues } from "./pricing/rate-math.ts";
export {
  FALLBACK_MAX_AMOUNT,
  FALLBACK_MIN_AMOUNT,
  type PairLimitValues,
  PRELOAD_LIMITS,
  type ResolvedLimits,
  resolveLimits,
  type SendLimitValues,
} from "./pricing/resolve-limits.ts";
export {
  applyMarkup,
  evaluateRateFormula,
  type PairMarkup,
  type PairRates,
  pairRatesFor,
  RATE_PLACES,
  RATE_SIGNIFICANT_DIGITS,
  type RateSide,
} from "./rates/compute-pair-rates.ts";
export { followMonitor, type MonitorOffer, type MonitorPosition } from "./rates/follow-monitor.ts";
export {
  formatRateFormula,
  MAX_FORMULA_TERMS,
  parseRateFormula,
  quoteKey,
  RATE_FORMULA_SOURCES,
  type RateFormulaTerm,
} from "./rates/rate-formula.ts";
export { isRateJump } from "./rates/rate-jump.ts";
