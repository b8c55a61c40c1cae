import { type KeyboardEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { CatalogueCurrency } from "../catalogue/pair-catalogue.ts";
import type { OptionGroup, Side } from "../catalogue/select-options.ts";
import { filterOptions } from "../catalogue/select-options.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";

/**
 * One list of the select view: a search box, then the currencies grouped by kind, each a link.
 * On a phone a `collapsed` column shows only its choice (or a note) and a link that opens the
 * list: `#send` / `#receive` and the CSS `:target` rule, so that works without JavaScript too.
 */
export function SelectColumn(props: {
  side: Side;
  title: string;
  /** What the other side's choice narrowed this list to, in words. */
  hint: string | null;
  groups: OptionGroup[];
  chosen: CatalogueCurrency | null;
  hrefFor: (code: string) => string;
  queryParam: string;
  initialQuery: string;
  /** Query parameters the no-JavaScript search form must carry along. */
  keptParams: Record<string, string>;
  collapsed: boolean;
}) {
  const { side, chosen } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState(props.initialQuery);
  const groups = props.groups
    .map((group) => ({ ...group, options: filterOptions(group.options, query) }))
    .filter((group) => group.options.length > 0);
  const found = groups.flatMap((group) => group.options);
  // Looked up once, not once per row.
  const rateLabel = t("Home.Rate");
  const reserveLabel = t("Home.Reserve");
  const headingId = `select-${side}-heading`;
  const searchId = `select-${side}-search`;

  // Typing filters at once, so Enter has nothing to submit: it picks the only match, if any.
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (found.length === 1) void navigate(props.hrefFor(found[0]!.currency.code));
  };

  return (
    <section
      id={side}
      className={`select__column select__column--${side}`}
      data-collapsed={props.collapsed || undefined}
      data-chosen={chosen ? "" : undefined}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="select__heading">
        {props.title}
      </h2>
      {props.collapsed && (
        <div className="select__summary">
          {chosen ? (
            <span className="option option--summary">
              <CurrencyLabel currency={chosen} />
            </span>
          ) : (
            // Only the receive list starts collapsed with nothing chosen: the send list comes first.
            <p className="select__note">{t("Home.PickSendFirst")}</p>
          )}
          <a className="select__open" href={`#${side}`}>
            {chosen ? t("Home.Change") : t("Home.ShowAll")}
          </a>
        </div>
      )}
      <div className="select__body">
        {/* A plain GET form: before JavaScript the server filters by the query parameter. */}
        <search>
          <form method="get" className="select__search" onSubmit={submit}>
            <label htmlFor={searchId} className="visually-hidden">
              {t(side === "send" ? "Home.SearchSend" : "Home.SearchReceive")}
            </label>
            <input
              id={searchId}
              type="search"
              name={props.queryParam}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === "ArrowDown") focusOption(event, 0);
              }}
              placeholder={t("Home.SearchPlaceholder")}
              autoComplete="off"
              spellCheck={false}
              className="field__input select__input"
            />
            {Object.entries(props.keptParams).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          </form>
        </search>
        {props.hint && <p className="select__hint">{props.hint}</p>}
        {found.length === 0 ? (
          <p className="select__empty" role="status">
            {t("Home.NothingFound", { query: query.trim() })}
          </p>
        ) : (
          <div className="select__groups">
            {groups.map((group) => (
              <div key={group.kind} className="select__group">
                <h3 className="select__kind">{t(`Home.Kind.${group.kind}`)}</h3>
                <ul className="select__list">
                  {group.options.map(({ currency, rate }) => {
                    const isChosen = currency.code === chosen?.code;
                    return (
                      <li key={currency.code}>
                        <Link
                          to={props.hrefFor(currency.code)}
                          className="option"
                          aria-current={isChosen ? "true" : undefined}
                          // Arrow keys walk the list, as in a listbox; Tab works as anywhere.
                          onKeyDown={walkOptions}
                        >
                          <CurrencyLabel currency={currency}>
                            <span className="option__facts">
                              {rate && (
                                <span className="option__rate">
                                  <span className="visually-hidden">{rateLabel}: </span>
                                  {rate}
                                </span>
                              )}
                              {side === "receive" && (
                                <span className="option__reserve">
                                  {reserveLabel}: {currency.reserve}
                                </span>
                              )}
                            </span>
                          </CurrencyLabel>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function CurrencyLabel({
  currency,
  children,
}: {
  currency: CatalogueCurrency;
  /** The rate and reserve, if any: under the name on phones, to its right on wide screens. */
  children?: React.ReactNode;
}) {
  return (
    <>
      <img src={currency.icon} alt="" width={32} height={32} loading="lazy" decoding="async" />
      <span className="option__text">
        <span className="option__label">
          <span className="option__name">{currency.name}</span>
          <span className="option__code">{currency.ticker}</span>
        </span>
        {children}
      </span>
    </>
  );
}

function optionLinks(from: Element): HTMLAnchorElement[] {
  const column = from.closest(".select__column");
  return column ? [...column.querySelectorAll<HTMLAnchorElement>(".select__list a")] : [];
}

function focusOption(event: KeyboardEvent, index: number) {
  const link = optionLinks(event.currentTarget)[index];
  if (!link) return;
  event.preventDefault();
  link.focus();
}

function walkOptions(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const links = optionLinks(event.currentTarget);
  const index = links.indexOf(event.currentTarget);
  if (index < 0) return;
  event.preventDefault();
  const next = index + (event.key === "ArrowDown" ? 1 : -1);
  if (next >= 0) links[Math.min(next, links.length - 1)]?.focus();
  else event.currentTarget.closest(".select__column")?.querySelector("input")?.focus();
}
