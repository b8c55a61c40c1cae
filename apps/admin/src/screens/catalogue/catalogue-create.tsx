import type { AdminCurrency } from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import { type AdminClient, consoleApi } from "../../api/client.ts";
import { useAdminQuery } from "../../api/use-admin-query.ts";
import { toApiDecimal } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { useSubmission } from "../../ui/use-submission.ts";
import { CreateInput, FormOutcome, type Input } from "./create-input.tsx";
import { PaySystemEdit } from "./pay-system-edit.tsx";

/**
 * New pay systems, currencies and pairs (decision 028): what an empty catalogue is built from.
 * Each starts switched off on the server; the operator turns it on in its list once checked.
 */
export function CatalogueCreate({
  currencies,
  onCreated,
}: {
  currencies: AdminCurrency[];
  onCreated: () => void;
}) {
  const { t } = useI18n();
  // Choices of the forms, not the screen's data: a failure leaves a list empty.
  const paySystemQuery = useAdminQuery((api) => api.paySystems.list(), []);
  const paySystems = paySystemQuery.data?.items ?? [];
  // The icons the site serves: the only ones a pay system may be given.
  const icons = useAdminQuery((api) => api.icons(), []).data?.items ?? [];
  const created = () => {
    paySystemQuery.reload();
    onCreated();
  };
  const currencyOptions = currencies.map((currency) => ({
    value: String(currency.id),
    label: `${currency.url_xml} (${currency.pay_system.shown_name})`,
  }));
  const kinds = (["crypto", "bank", "ewallet"] as const).map((kind) => ({
    value: kind,
    label: t(`Console.Create.Kinds.${kind}`),
  }));
  return (
    <div className="create">
      <CreateForm
        id="new-pair"
        title={t("Console.Create.Pair")}
        create={(api, body) =>
          api.pairs.create(body as Parameters<AdminClient["pairs"]["create"]>[0])
        }
        onCreated={created}
        inputs={[
          {
            key: "send_currency_id",
            label: t("Console.Create.SendCurrency"),
            kind: "select",
            options: currencyOptions,
          },
          {
            key: "receive_currency_id",
            label: t("Console.Create.ReceiveCurrency"),
            kind: "select",
            options: currencyOptions,
          },
          { key: "send_rate", label: t("Console.Catalogue.SendRate"), kind: "decimal" },
          { key: "receive_rate", label: t("Console.Catalogue.ReceiveRate"), kind: "decimal" },
          { key: "send_rate_real", label: t("Console.Catalogue.SendRateReal"), kind: "decimal" },
          {
            key: "receive_rate_real",
            label: t("Console.Catalogue.ReceiveRateReal"),
            kind: "decimal",
          },
          { key: "comission_amount", label: t("Console.Catalogue.Commission"), kind: "decimal" },
        ]}
      />
      <CreateForm
        id="new-currency"
        title={t("Console.Create.Currency")}
        create={(api, body) =>
          api.currencies.create(body as Parameters<AdminClient["currencies"]["create"]>[0])
        }
        onCreated={created}
        inputs={[
          {
            key: "pay_system_id",
            label: t("Console.Create.PaySystem"),
            kind: "select",
            options: paySystems.map((system) => ({ value: String(system.id), label: system.name })),
          },
          { key: "currency_code", label: t("Console.Create.CurrencyCode"), kind: "text" },
          { key: "url_xml", label: t("Console.Create.UrlXml"), kind: "text" },
          { key: "kind", label: t("Console.Create.Kind"), kind: "select", options: kinds },
          { key: "decimals", label: t("Console.Catalogue.Decimals"), kind: "integer" },
          { key: "reserve_name", label: t("Console.Create.ReserveName"), kind: "text" },
          { key: "reserve", label: t("Console.Catalogue.Reserve"), kind: "decimal" },
        ]}
      />
      <CreateForm
        id="new-pay-system"
        title={t("Console.Create.PaySystemTitle")}
        create={(api, body) =>
          api.paySystems.create(body as Parameters<AdminClient["paySystems"]["create"]>[0])
        }
        onCreated={created}
        inputs={[
          { key: "name", label: t("Console.Create.Name"), kind: "text" },
          { key: "icon", label: t("Console.Create.Icon"), kind: "icon", options: icons },
          { key: "network_code", label: t("Console.Create.NetworkCode"), kind: "text" },
        ]}
      />
      <PaySystemEdit paySystems={paySystems} icons={icons} onSaved={created} />
    </div>
  );
}

/** The request body from what was typed: ids and places as numbers, decimals with a point. */
export function createBody(
  inputs: Input[],
  values: Record<string, string>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const input of inputs) {
    const raw = (values[input.key] ?? "").trim();
    if (raw === "") continue;
    if (input.kind === "integer" || input.key.endsWith("_id")) body[input.key] = Number(raw);
    else if (input.kind === "decimal") body[input.key] = toApiDecimal(raw);
    else body[input.key] = raw;
  }
  return body;
}

function CreateForm({
  id,
  title,
  create,
  inputs,
  onCreated,
}: {
  id: string;
  title: string;
  /** The API's create call; the body is sent as typed, for the API to name what is wrong. */
  create: (api: AdminClient, body: Record<string, unknown>) => Promise<unknown>;
  inputs: Input[];
  onCreated: () => void;
}) {
  const { t } = useI18n();
  const [values, setValues] = useState<Record<string, string>>({});
  const { fields, message, busy, submit: send } = useSubmission();
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (await send(() => create(consoleApi(), createBody(inputs, values)).then(() => undefined))) {
      setValues({});
      setDone(true);
      onCreated();
    }
  }

  return (
    <form className="card row__form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="row__buttons">
        {title}
      </h2>
      {inputs.map((input) => (
        <CreateInput
          key={input.key}
          id={id}
          input={input}
          value={values[input.key] ?? ""}
          error={fields[input.key]}
          onChange={(value) => setValues({ ...values, [input.key]: value })}
          t={t}
        />
      ))}
      <FormOutcome message={message} done={done ? t("Console.Create.Done") : ""} />
      <div className="row__buttons">
        <button type="submit" className="button" disabled={busy}>
          {t("Console.Operators.Create")}
        </button>
      </div>
    </form>
  );
}
