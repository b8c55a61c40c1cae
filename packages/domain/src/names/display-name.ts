/**
 * Bidirectional formatting characters (Unicode's "explicit directional" embeddings, overrides
 * and isolates, and the implicit marks LRM, RLM, ALM). In a name another person reads (a
 * wallet's label, a channel, a pay system, a profile name) they make the text display in an
 * order other than the one stored, so "reverse" can show as "esrever": a channel or wallet
 * that looks like another (issue 26 point 5, CVE-2021-42574's "Trojan Source" trick).
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/**
 * What shows nothing: white space, format characters (zero-width space, joiners, word
 * joiner, BOM), the code points Unicode says renderers ignore (variation selectors, the Hangul
 * fillers, soft hyphen) and the blank braille pattern, which fonts draw empty.
 */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

export type DisplayNameProblem = "bidi_control" | "invisible";

/**
 * Whether a name people will read is refused: it holds a bidi control, or it is invisible
 * (nothing left once the characters that show nothing are taken out). Joiners inside a
 * visible name stay allowed: an emoji sequence or a Persian word needs them.
 */
export function displayNameProblem(text: string): DisplayNameProblem | null {
  if (BIDI_CONTROL.test(text)) return "bidi_control";
  if (text.replace(INVISIBLE, "") === "" && text !== "") return "invisible";
  return null;
}
