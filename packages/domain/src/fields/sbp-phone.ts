/**
 * A phone for Russia's faster payments system (SBP), which pays to the mobile number a bank
 * account is linked to: a Russian mobile, +7 9XX XXX-XX-XX. The country being known, the
 * national forms are read too: `8 9XX…` (trunk prefix), `7 9XX…` and the bare ten digits.
 * Normalised to `+79XXXXXXXXX`.
 */
export function normalizeSbpPhone(text: string): string | null {
  const compact = text.replace(/[\s\-.()]/g, "");
  const match = /^(?:\+7|8|7)?(9\d{9})$/.exec(compact);
  return match ? `+7${match[1]}` : null;
}
