import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { Dialog } from "../../modals/dialog.tsx";
import { safeNextPath } from "../next-path.ts";
import type { AuthForm } from "./auth-form.ts";
import { AuthFormPanel, authFormTitle } from "./auth-form-panel.tsx";
import { searchWithAuthForm, searchWithoutAuthForm } from "./auth-form-query.ts";

/**
 * The login, register or reset modal (spec §2). Loaded on demand by the modal host: a visit
 * that never opens one never downloads the forms.
 */
export default function AuthFormModal({
  form,
  closing,
  closeHref,
  onClose,
}: {
  form: AuthForm;
  closing: boolean;
  closeHref: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // Back to `next` if the page asked (an account page did), else to this page.
  const next =
    safeNextPath(new URLSearchParams(search).get("next")) ??
    safeNextPath(`${pathname}${searchWithoutAuthForm(search)}`) ??
    "/";
  return (
    <Dialog
      title={t(authFormTitle(form))}
      onClose={onClose}
      closeHref={closeHref}
      closing={closing}
    >
      <AuthFormPanel
        form={form}
        next={next}
        linkTo={(other) => `${pathname}${searchWithAuthForm(search, other)}`}
      />
    </Dialog>
  );
}
