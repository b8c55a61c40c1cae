/** Spec §4: "showing one hides the others after a short delay" — the exit animation's length. */
export const MODAL_SWITCH_MS = 200;

export interface Presence<T> {
  /** The modal on screen, if any. */
  shown: T | null;
  /** It is playing its exit animation, to be replaced by `next` (or nothing). */
  closing: boolean;
}

/**
 * One modal at a time. Opening one when none is shown is immediate; any other change first
 * lets the shown one leave (`closing`), and after MODAL_SWITCH_MS `settle` shows what is
 * asked for then. Returns `current` itself when nothing changes, so a caller can tell.
 */
export function presenceStep<T>(current: Presence<T>, requested: T | null): Presence<T> {
  if (current.shown === requested)
    return current.closing ? { shown: requested, closing: false } : current;
  if (current.shown === null) return settle(requested);
  return current.closing ? current : { shown: current.shown, closing: true };
}

export function settle<T>(requested: T | null): Presence<T> {
  return { shown: requested, closing: false };
}
