import type { UserSession } from "@obmen/contracts";
import { Form } from "react-router";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../../i18n/use-locale.ts";
import { LocalTime } from "../../order/local-time.tsx";
import { AccountNotice, type FormAnswer } from "../account-form-ui.tsx";
import { describeUserAgent } from "./describe-user-agent.ts";

/**
 * Where the account is signed in (issue 13): created, last seen, IP and browser. Another
 * session can be ended here; this one ends by logging out.
 */
export function SessionList({
  sessions,
  answer,
}: {
  sessions: UserSession[] | { unavailable: true };
  answer: FormAnswer | undefined;
}) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <section className="account-card" aria-labelledby="profile-sessions">
      <h3 id="profile-sessions" className="account-card__title">
        {t("Account.Sessions.Title")}
      </h3>
      <p className="account-empty">{t("Account.Sessions.Lead")}</p>
      <AccountNotice result={answer} intent="end-session" done={t("Account.Sessions.Ended")} />
      {"unavailable" in sessions ? (
        <p role="alert" className="account-notice account-notice--problem">
          {t("Account.Unavailable")}
        </p>
      ) : (
        <ul className="account-list">
          {sessions.map((session) => (
            <li key={session.id} className="account-item">
              <div className="account-item__main">
                <span className="account-item__title">
                  {describeUserAgent(session.user_agent) ?? t("Account.Sessions.UnknownBrowser")}
                  {session.current && ` · ${t("Account.Sessions.Current")}`}
                </span>
                <span className="account-item__meta">
                  {t("Account.Sessions.Ip", { ip: session.ip ?? "—" })}
                </span>
                <span className="account-item__meta">
                  {t("Account.Sessions.LastSeen")} <LocalTime iso={session.last_seen_at} />
                </span>
                <span className="account-item__meta">
                  {t("Account.Sessions.Started")} <LocalTime iso={session.created_at} />
                </span>
              </div>
              {session.current ? (
                <form method="post" action={href("/logout")}>
                  <button type="submit" className="link-button">
                    {t("Account.Nav.Logout")}
                  </button>
                </form>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="id" value={session.id} />
                  <button type="submit" className="link-button">
                    {t("Account.Sessions.End")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
