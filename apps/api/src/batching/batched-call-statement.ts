/**
 * The statement of a batch of calls of one SQL function:
 * `select fn($1::t1, …, $k::tk) as a0, fn($k+1, …) as a1, …`. One text per batch size, built
 * once and named (`${fn}s_${count}`), so each connection prepares it once (queryPrepared),
 * for the natural batch queues that send a rush as one call (decisions 012 and 041).
 */
export function batchedCallStatements(
  fn: string,
  alias: string,
  parameterTypes: readonly string[],
): (count: number) => { name: string; text: string } {
  const statements = new Map<number, { name: string; text: string }>();
  return (count) => {
    let statement = statements.get(count);
    if (!statement) {
      const calls = Array.from({ length: count }, (_, call) => {
        const first = call * parameterTypes.length + 1;
        const parameters = parameterTypes.map((type, at) => `$${first + at}::${type}`);
        return `${fn}(${parameters.join(", ")}) as ${alias}${call}`;
      });
      statement = { name: `${fn}s_${count}`, text: `select ${calls.join(", ")}` };
      statements.set(count, statement);
    }
    return statement;
  };
}
