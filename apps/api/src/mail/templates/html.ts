/**
 * HTML built with the `html` tag is escaped by construction: every interpolated value is
 * escaped unless it is already SafeHtml (the result of another `html` call). Mail bodies carry
 * what customers typed (names, addresses, comments), so nothing may reach markup unescaped.
 */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const NEEDS_ESCAPING = /[&<>"']/;

/** Escapes text for both element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  // Most values (amounts, dates, labels) have nothing to escape: no copy for them.
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Multi-line text (payment instructions) as escaped lines joined by <br>. */
export function multiline(text: string): SafeHtml {
  const lines = text.split(/\r\n|\r|\n/);
  return new SafeHtml(lines.map(escapeHtml).join("<br>"));
}
