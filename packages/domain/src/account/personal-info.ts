/** Longest first or last name kept in a profile; longer is a typing accident or abuse. */
export const PERSONAL_NAME_MAX_LENGTH = 100;

/** Longest Telegram input read at all (a pasted `https://t.me/…` link included). */
const TELEGRAM_INPUT_MAX_LENGTH = 64;

/**
 * A Telegram username as people give it: `@handle`, `handle`, `t.me/handle` or a
 * `https://t.me/handle` link. Telegram's rule: 5 to 32 characters, Latin letters, digits and
 * underscores, starting with a letter and not ending with an underscore. Normalised to
 * `@handle` (case kept: Telegram ignores it, people read it). Null when it is not one.
 */
export function normalizeTelegramHandle(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > TELEGRAM_INPUT_MAX_LENGTH) return null;
  const handle = trimmed
    .replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\//i, "")
    .replace(/^@/, "");
  if (!/^[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]$/.test(handle)) return null;
  return `@${handle}`;
}
