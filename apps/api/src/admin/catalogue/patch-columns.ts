/**
 * What a console PATCH of a catalogue row changes: the row fields to set, from the wire names
 * the patch carries (`columns`: wire name → row field; absent names are left alone), and the
 * audit row's `before`, those fields' current values by wire name.
 */
export function patchColumns<Row, Wire extends string>(options: {
  columns: Record<Wire, keyof Row & string>;
  patch: Partial<Record<Wire, unknown>>;
  current: Row;
}): { set: Partial<Row>; before: Record<string, unknown> } {
  const set: Partial<Row> = {};
  const before: Record<string, unknown> = {};
  for (const [wire, column] of Object.entries(options.columns) as [Wire, keyof Row & string][]) {
    if (options.patch[wire] === undefined) continue;
    set[column] = options.patch[wire] as Row[keyof Row & string];
    before[wire] = options.current[column];
  }
  return { set, before };
}
