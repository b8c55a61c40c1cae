import type { AdminPaySystem, AdminPaySystemPatch } from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import { consoleApi } from "../../api/client.ts";
import { useI18n } from "../../i18n.tsx";
import { useSubmission } from "../../ui/use-submission.ts";
import { CreateInput, FormOutcome, type Input } from "./create-input.tsx";

const LOCAL_NAMES = ["name_ru", "name_en", "name_uk"] as const;
type EditKey = "name" | "icon" | (typeof LOCAL_NAMES)[number];
type Values = Record<EditKey, string>;

export function paySystemValues(system: AdminPaySystem): Values {
  return {
    name: system.name,
    name_ru: system.name_ru ?? "",
    name_en: system.name_en ?? "",
    name_uk: system.name_uk ?? "",
    icon: system.icon,
  };
}

/**
 * The PATCH body: only what differs from the saved row. An emptied language name is sent as
 * null (customers then read `name`); an emptied name or icon is sent as typed, so the server
 * says what is wrong under its input.
 */
export function paySystemPatchBody(
  system: AdminPaySystem,
  values: Values,
): Record<string, unknown> {
  const saved = paySystemValues(system);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(saved) as EditKey[]) {
    const typed = values[key].trim();
    if (typed === saved[key]) continue;
    body[key] = typed === "" && (LOCAL_NAMES as readonly string[]).includes(key) ? null : typed;
  }
  return body;
}

/** Fixes a pay system's names or icon (`PATCH /admin/api/pay-systems/{id}`). */
export function PaySystemEdit({
  paySystems,
  icons,
  onSaved,
}: {
  paySystems: AdminPaySystem[];
  /** The icons the site serves (`GET /admin/api/icons`): the icon is picked from them. */
  icons: readonly string[];
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const [selectedId, setSelectedId] = useState("");
  const [values, setValues] = useState<Values | null>(null);
  const { fields, message, setMessage, busy, clear, submit: send } = useSubmission();
  const [done, setDone] = useState(false);
  const system = paySystems.find((item) => String(item.id) === selectedId);

  function choose(id: string) {
    setSelectedId(id);
    const chosen = paySystems.find((item) => String(item.id) === id);
    setValues(chosen ? paySystemValues(chosen) : null);
    clear();
    setDone(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!system || !values) return;
    clear();
    setDone(false);
    const body = paySystemPatchBody(system, values);
    if (Object.keys(body).length === 0) {
      setMessage(t("Console.Create.NothingChanged"));
      return;
    }
    const saved = await send(async () => {
      setValues(
        paySystemValues(
          await consoleApi().paySystems.update(system.id, body as AdminPaySystemPatch),
        ),
      );
    });
    if (saved) {
      setDone(true);
      onSaved();
    }
  }

  const id = "edit-pay-system";
  const inputs: (Input & { key: EditKey })[] = [
    { key: "name", label: t("Console.Create.Name"), kind: "text" },
    { key: "name_ru", label: t("Console.Create.NameRu"), kind: "text" },
    { key: "name_en", label: t("Console.Create.NameEn"), kind: "text" },
    { key: "name_uk", label: t("Console.Create.NameUk"), kind: "text" },
    { key: "icon", label: t("Console.Create.Icon"), kind: "icon", options: icons },
  ];
  return (
    <form className="card row__form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="row__buttons">
        {t("Console.Create.EditPaySystem")}
      </h2>
      <CreateInput
        id={id}
        input={{
          key: "id",
          label: t("Console.Create.PaySystem"),
          kind: "select",
          options: paySystems.map((item) => ({ value: String(item.id), label: item.name })),
        }}
        value={selectedId}
        error={undefined}
        onChange={choose}
        t={t}
      />
      {values &&
        inputs.map((input) => (
          <CreateInput
            key={input.key}
            id={id}
            input={input}
            value={values[input.key]}
            error={fields[input.key]}
            onChange={(value) => setValues({ ...values, [input.key]: value })}
            t={t}
          />
        ))}
      <FormOutcome message={message} done={done ? t("Console.Create.Saved") : ""} />
      {values && (
        <div className="row__buttons">
          <button type="submit" className="button" disabled={busy}>
            {t("Console.Create.SaveEdit")}
          </button>
        </div>
      )}
    </form>
  );
}
