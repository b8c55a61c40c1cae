import type { AdminOperator, OperatorRole } from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
  useRevalidator,
} from "react-router";
import { consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { formatDateTime } from "../../format/format.ts";
import { type ConsoleTranslate, useI18n } from "../../i18n.tsx";
import { ADMIN_ROLES, requireOperator } from "../../session/session.ts";
import { Field } from "../../ui/field.tsx";
import { useSubmission } from "../../ui/use-submission.ts";

const ROLES: OperatorRole[] = ["operator", "editor", "admin"];

export async function operatorsLoader({ request }: LoaderFunctionArgs) {
  await requireOperator(ADMIN_ROLES);
  return (await consoleApi(request.signal).operators.list()).items;
}

/** What a row sends: a new role, or disabled on or off (its sessions end). */
interface OperatorChange {
  id: string;
  role?: OperatorRole;
  disabled?: boolean;
}

/**
 * The list's action: one account changed. A refusal is returned (not thrown), for the row to
 * say it; the list is read again either way, by the router.
 */
export async function operatorsAction({ request }: ActionFunctionArgs) {
  await requireOperator(ADMIN_ROLES);
  const { id, ...patch } = (await request.json()) as OperatorChange;
  try {
    await consoleApi(request.signal).operators.update(id, patch);
    return { failure: null };
  } catch (failure) {
    return { failure };
  }
}

/** Admin only: who may use the console, and a new account with its role. */
export function OperatorsScreen() {
  const { t } = useI18n();
  const items = useLoaderData<typeof operatorsLoader>();
  const { revalidate } = useRevalidator();
  const load = () => void revalidate();

  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">{t("Console.Operators.Title")}</h1>
      <ul className="rows">
        {items.map((operator) => (
          <OperatorRow key={operator.id} operator={operator} t={t} />
        ))}
      </ul>
      <CreateOperator onCreated={load} />
    </section>
  );
}

function CreateOperator({ onCreated }: { onCreated: () => void }) {
  const { t } = useI18n();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<OperatorRole>("operator");
  const { fields, message, busy, submit: send } = useSubmission();
  const [done, setDone] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone("");
    const sent = await send(async () => {
      const created = await consoleApi().operators.create({ email, password, role });
      setDone(t("Console.Operators.CreatedOne", { email: created.email }));
    });
    if (sent) {
      setEmail("");
      setPassword("");
      onCreated();
    }
  }

  return (
    <form className="card form-grid" onSubmit={submit} noValidate aria-labelledby="new-operator">
      <h2 id="new-operator">{t("Console.Operators.New")}</h2>
      <Field id="new-operator-email" label={t("Console.Login.Email")} error={fields.email}>
        <input
          id="new-operator-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fields.email ? true : undefined}
        />
      </Field>
      <Field
        id="new-operator-password"
        label={t("Console.Operators.Password")}
        error={fields.password}
      >
        <input
          id="new-operator-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={fields.password ? true : undefined}
        />
      </Field>
      <Field id="new-operator-role" label={t("Console.Operators.Role")} error={fields.role}>
        <select
          id="new-operator-role"
          value={role}
          onChange={(e) => setRole(e.target.value as OperatorRole)}
        >
          {ROLES.map((name) => (
            <option key={name} value={name}>
              {t(`Console.Roles.${name}`)}
            </option>
          ))}
        </select>
      </Field>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {t("Console.Operators.Create")}
      </button>
    </form>
  );
}

/** One account: its role can change, and it can be disabled (its sessions end) or enabled. */
function OperatorRow({ operator, t }: { operator: AdminOperator; t: ConsoleTranslate }) {
  const { locale } = useI18n();
  const fetcher = useFetcher<typeof operatorsAction>();
  const failure = fetcher.state === "idle" ? fetcher.data?.failure : null;
  const message = failure ? errorText(failure, t) : "";
  const patch = (body: Omit<OperatorChange, "id">) =>
    void fetcher.submit(
      { id: operator.id, ...body },
      { method: "post", encType: "application/json" },
    );
  const roleId = `operator-role-${operator.id}`;
  return (
    <li className="row card">
      <div className="row__head">
        <strong className="wrap">{operator.email}</strong>
        <span className="badge">{t(`Console.Roles.${operator.role}`)}</span>
        {operator.disabled_at && (
          <span className="badge badge--cancelled">{t("Console.Operators.Disabled")}</span>
        )}
      </div>
      <div className="row__view muted">
        <span>
          {t("Console.Operators.Created")}: {formatDateTime(operator.created_at, locale)}
        </span>
        <span>
          {t("Console.Operators.LastLogin")}:{" "}
          {operator.last_login_at ? formatDateTime(operator.last_login_at, locale) : "—"}
        </span>
        <span>TOTP: {operator.totp_enabled ? t("Console.Yes") : t("Console.No")}</span>
      </div>
      <div className="row__view">
        <label htmlFor={roleId}>{t("Console.Operators.Role")}</label>
        <select
          id={roleId}
          value={operator.role}
          onChange={(event) => patch({ role: event.target.value as OperatorRole })}
        >
          {ROLES.map((name) => (
            <option key={name} value={name}>
              {t(`Console.Roles.${name}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => patch({ disabled: !operator.disabled_at })}
        >
          {operator.disabled_at ? t("Console.Operators.Enable") : t("Console.Operators.Disable")}
        </button>
      </div>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </li>
  );
}
