import { cloneElement, Fragment, type ReactElement } from "react";

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * Renders a translated text whose `<name>…</name>` spans become the given elements, so a
 * sentence with links is translated whole rather than in fragments:
 * `"I accept the <rules>rules</rules>"` with `{ rules: <Link to="/rules" /> }`.
 * Unknown tags render as their inner text; nothing in the text is parsed as HTML.
 */
export function RichText({
  text,
  components,
}: {
  text: string;
  components: Record<string, ReactElement<{ children?: React.ReactNode }>>;
}) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", inner = ""] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
