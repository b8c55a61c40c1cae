/**
 * Names of the calculator's inputs that are not plain request keys. A pair's own field is
 * posted as `fields.<key>`: the very path under which the API reports a problem with it, so an
 * error finds its input by name.
 */
export const ORDER_FIELD_PREFIX = "fields.";

export function orderFieldName(key: string): string {
  return ORDER_FIELD_PREFIX + key;
}

/** What a checked checkbox posts (the browser's default `value`). */
export const CHECKED = "on";
