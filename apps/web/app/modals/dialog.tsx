import { useEffect, useId, useRef } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import "./dialog.css";

/**
 * An accessible modal built on `<dialog>`: `showModal()` makes the rest of the page inert
 * (focus stays inside), Esc closes it, focus returns where it was, and the title labels it.
 * The server renders it open as a plain box, so its content and form work before (or
 * without) JavaScript; once hydrated it becomes truly modal.
 */
export function Dialog({
  title,
  onClose,
  closeHref,
  closing = false,
  children,
}: {
  title: string;
  onClose: () => void;
  /** Where the close control goes without JavaScript: the page without the modal. */
  closeHref: string;
  /** Playing its exit animation before it unmounts. */
  closing?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // showModal() refuses a dialog that is already open non-modally (as rendered on the server).
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      // Esc: close through the owner, so the URL and the cookie are tidied up too.
      event.preventDefault();
      onCloseRef.current();
    };
    // A click on the backdrop is a click on the <dialog> itself, outside its panel. (The
    // keyboard has Esc and the close button.)
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("keydown", keepFocusInside);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("keydown", keepFocusInside);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      open
      className={`dialog${closing ? " dialog--closing" : ""}`}
      aria-labelledby={titleId}
      aria-modal="true"
    >
      <div className="dialog__panel">
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <a
            href={closeHref}
            className="dialog__close"
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t("Modals.Close")}</span>
          </a>
        </div>
        {children}
      </div>
    </dialog>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal `<dialog>` makes the page behind it inert, but Tab past its last control still
 * leaves for the browser's own toolbar; keep the cycle inside the dialog instead.
 */
function keepFocusInside(event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const dialog = event.currentTarget as HTMLDialogElement;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
