import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  useRef,
  useState,
} from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import {
  NOTIFY_ANIMATION_MS,
  NOTIFY_DURATION_MS,
  type Notification,
  type NotificationKind,
  notificationQueue,
} from "./notification-queue.ts";
import "./notifications.css";

export type Notify = (message: string, options?: { kind?: NotificationKind }) => void;

// Outside the provider (e.g. a test rendering one component) notifying does nothing.
const NotifyContext = createContext<Notify>(() => {});

/**
 * Short messages at the top right (spec §2, §9): "copied", "password changed". Call
 * `const notify = useNotify(); notify(t("Notify.Copied"), { kind: "success" })`.
 */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}

export function NotificationProvider({ children }: { children: React.ReactNode }) {
  const [items, dispatch] = useReducer(notificationQueue, []);
  const nextId = useRef(1);
  const notify = useCallback<Notify>((message, options) => {
    dispatch({ type: "add", id: nextId.current++, message, kind: options?.kind ?? "info" });
  }, []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <NotificationStack items={items} dispatch={dispatch} />
    </NotifyContext.Provider>
  );
}

type Dispatch = React.Dispatch<Parameters<typeof notificationQueue>[1]>;

/**
 * The live region is rendered by the server too, empty: screen readers only announce changes
 * to a region that already existed when the page loaded.
 */
function NotificationStack({ items, dispatch }: { items: Notification[]; dispatch: Dispatch }) {
  const { t } = useTranslation();
  return (
    <section className="notifications" aria-label={t("Notify.Region")}>
      <ol className="notifications__list" aria-live="polite" aria-relevant="additions text">
        {items.map((item) => (
          <Toast key={item.id} item={item} dispatch={dispatch} />
        ))}
      </ol>
    </section>
  );
}

function Toast({ item, dispatch }: { item: Notification; dispatch: Dispatch }) {
  const { t } = useTranslation();
  // Hovered or focused: the reader is still on it, so the clock stops (WCAG 2.2.1).
  const [held, setHeld] = useState(false);
  const { id, leaving } = item;
  useEffect(() => {
    if (leaving || held) return;
    const timer = setTimeout(() => dispatch({ type: "leave", id }), NOTIFY_DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, leaving, held, dispatch]);
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => dispatch({ type: "remove", id }), NOTIFY_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [id, leaving, dispatch]);
  return (
    <li
      className={`toast toast--${item.kind}${leaving ? " toast--leaving" : ""}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="toast__message">{item.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={t("Notify.Dismiss")}
        onClick={() => dispatch({ type: "leave", id })}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
