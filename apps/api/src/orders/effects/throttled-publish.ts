/**
 * Reserve changes with every order, and each change makes every replica rebuild its pair list,
 * reserve list and rates export. Under a rush of orders that rebuild would cost more than the
 * orders themselves, so reserve changes are published at most once per `intervalMs`: the first
 * in a quiet moment at once (awaited, so a lone order is visible as soon as it is answered),
 * later ones folded into a single publish at the end of the interval. The reserve shown to
 * visitors lags by at most the interval; the reserve that decides an order is always read
 * under its lock (`create_order`, orders/create/insert-new-orders.ts).
 */
export function throttlePublish(options: {
  publish: () => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  const { publish, intervalMs } = options;
  let lastAt = Number.NEGATIVE_INFINITY;
  let pending: NodeJS.Timeout | undefined;
  return async () => {
    if (pending) return;
    const now = performance.now();
    if (now - lastAt >= intervalMs) {
      lastAt = now;
      await publish();
      return;
    }
    pending = setTimeout(
      () => {
        pending = undefined;
        lastAt = performance.now();
        publish().catch(options.onError);
      },
      lastAt + intervalMs - now,
    );
    // A process exiting meanwhile loses nothing: the others rebuild on their own next change.
    pending.unref();
  };
}
