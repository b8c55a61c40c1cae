import { useTranslation } from "../i18n/i18n-context.tsx";
import { useNotify } from "../notifications/notifications.tsx";
import type { AuthLinkKind } from "../routing/auth-links.ts";
import { AUTH_LINK_TEXTS, AuthLinkPanel } from "./auth-link-panels.tsx";
import { Dialog } from "./dialog.tsx";

/**
 * resetComplete, registerComplete or loginComplete (spec §2). Loaded on demand: most visits
 * never open one, so their code stays out of the pages' bundles.
 */
export default function AuthLinkModal({
  kind,
  hasToken,
  closing,
  closeHref,
  onClose,
}: {
  kind: AuthLinkKind;
  hasToken: boolean;
  closing: boolean;
  closeHref: string;
  /** `spent`: the action already cleared the link's cookie. */
  onClose: (spent: boolean) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  return (
    <Dialog
      title={t(AUTH_LINK_TEXTS[kind].title)}
      onClose={() => onClose(false)}
      closeHref={closeHref}
      closing={closing}
    >
      <AuthLinkPanel
        kind={kind}
        hasToken={hasToken}
        onSuccess={(message) => {
          notify(message, { kind: "success" });
          onClose(true);
        }}
      />
    </Dialog>
  );
}
