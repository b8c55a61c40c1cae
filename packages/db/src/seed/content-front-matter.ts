import { parse as parseYaml } from "yaml";

export interface FrontMatterFile {
  /** The YAML header as an object (empty when the file has none). */
  attributes: Record<string, unknown>;
  /** Everything after the closing `---`, without the blank line that usually follows it. */
  body: string;
}

const OPENING = /^\uFEFF?---\r?\n/;
const CLOSING = /^---[ \t]*(?:\r?\n|$)/m;

/**
 * Splits a seed Markdown file into its YAML front matter and Markdown body. YAML (not a
 * hand-rolled `key: value` split) so a title with a colon or quotes reads as its author meant.
 */
export function parseFrontMatter(text: string, file: string): FrontMatterFile {
  const opening = OPENING.exec(text);
  if (!opening) return { attributes: {}, body: text };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) throw new Error(`${file}: the front matter has no closing "---" line`);
  const header = rest.slice(0, closing.index);
  let attributes: unknown;
  try {
    attributes = parseYaml(header) ?? {};
  } catch (error) {
    throw new Error(`${file}: the front matter is not valid YAML: ${(error as Error).message}`);
  }
  if (typeof attributes !== "object" || Array.isArray(attributes)) {
    throw new Error(`${file}: the front matter must be a list of "key: value" lines`);
  }
  const body = rest.slice(closing.index + closing[0].length).replace(/^\s*\n/, "");
  return { attributes: attributes as Record<string, unknown>, body };
}
