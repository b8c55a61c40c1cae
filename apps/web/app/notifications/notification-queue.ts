/** Spec §9: a notification stays 3000 ms and moves in or out in 300 ms. */
export const NOTIFY_DURATION_MS = 3_000;
export const NOTIFY_ANIMATION_MS = 300;
/** More than this at once is noise: the oldest ones leave early. */
export const MAX_NOTIFICATIONS = 4;

export type NotificationKind = "success" | "error" | "info";

export interface Notification {
  id: number;
  message: string;
  kind: NotificationKind;
  /** Playing its exit animation; removed once it ends. */
  leaving: boolean;
}

export type NotificationAction =
  | { type: "add"; id: number; message: string; kind: NotificationKind }
  | { type: "leave"; id: number }
  | { type: "remove"; id: number };

/**
 * The stack of notifications, newest last. Adding a message that is already showing replaces
 * it (a second click on "copy" restarts its timer instead of stacking a twin).
 */
export function notificationQueue(
  state: Notification[],
  action: NotificationAction,
): Notification[] {
  switch (action.type) {
    case "add": {
      const others = state.filter(
        (item) => item.leaving || item.message !== action.message || item.kind !== action.kind,
      );
      const next = [...others, { ...action, leaving: false }];
      let excess = next.filter((item) => !item.leaving).length - MAX_NOTIFICATIONS;
      return next.map((item) => {
        if (excess <= 0 || item.leaving) return item;
        excess--;
        return { ...item, leaving: true };
      });
    }
    case "leave":
      return state.map((item) =>
        item.id === action.id && !item.leaving ? { ...item, leaving: true } : item,
      );
    case "remove":
      return state.filter((item) => item.id !== action.id);
  }
}
