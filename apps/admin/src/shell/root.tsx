import { useRevalidator } from "react-router";
import { useI18n } from "../i18n.tsx";
import { LoginScreen } from "../screens/auth/login-screen.tsx";
import { MeScreen } from "../screens/auth/me-screen.tsx";
import { type Operator, setSession, useSession } from "../session/session.ts";
import { Shell } from "./shell.tsx";

/**
 * The console's root: the sign-in in place of any screen until an operator is signed in (the
 * address stays, so they land where they were going), and the operator's own screen until a
 * required second factor is enrolled (decision 028). A change of who is signed in runs the
 * open screen's loaders again.
 */
export function Root() {
  const session = useSession();
  const { revalidate } = useRevalidator();
  const signedIn = (operator: Operator) => {
    setSession({ state: "signed-in", operator });
    void revalidate();
  };

  if (session.state === "loading") return <Loading />;
  if (session.state === "anonymous") return <LoginScreen onSignedIn={signedIn} />;
  if (session.operator.totp_enrolment_required) {
    return (
      <Shell operator={session.operator}>
        <MeScreen operator={session.operator} onChanged={signedIn} />
      </Shell>
    );
  }
  return <Shell operator={session.operator} />;
}

/** Until the session is known (the first load) and while a lazy screen's code arrives. */
export function Loading() {
  const { t } = useI18n();
  return <p className="loading">{t("Console.Loading")}</p>;
}
