/** A letter of the Latin or Cyrillic script (Cyrillic covers Ukrainian і ї є ґ). */
const LETTER = "(?:(?=\\p{L})[\\p{Script=Latin}\\p{Script=Cyrillic}])";
/** Apostrophes as typed in Ukrainian names (', ’, ʼ) and hyphens join letters inside a word. */
const WORD = new RegExp(`^${LETTER}+(?:['’ʼ-]${LETTER}+)*$`, "u");

const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 100;

/**
 * The payer's or payee's full name as a bank shows it: at least two words of Latin or
 * Cyrillic letters, with apostrophes and hyphens inside words ("Мар'яна Коваль-Шевченко").
 * Normalised to NFC with single spaces. Null when invalid (length is checked by the caller).
 */
export function normalizeFullName(text: string): string | null {
  const name = text.normalize("NFC").trim().replace(/\s+/g, " ");
  const length = [...name].length;
  if (length < FULL_NAME_MIN_LENGTH || length > FULL_NAME_MAX_LENGTH) return null;
  const words = name.split(" ");
  if (words.length < 2 || !words.every((word) => WORD.test(word))) return null;
  return name;
}
