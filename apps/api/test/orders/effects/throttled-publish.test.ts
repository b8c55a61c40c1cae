import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttlePublish } from "../../../src/orders/effects/throttled-publish.ts";

describe("reserve changes published at most once per interval", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("publishes the first change at once and folds a burst into one publish at the interval's end", async () => {
    const publish = vi.fn(async () => {});
    const changed = throttlePublish({ publish, intervalMs: 250, onError: () => {} });

    await changed();
    expect(publish).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) await changed();
    expect(publish).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(249);
    expect(publish).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(publish).toHaveBeenCalledTimes(2);

    // Quiet for a whole interval after that: the next change is published at once again.
    await vi.advanceTimersByTimeAsync(250);
    await changed();
    expect(publish).toHaveBeenCalledTimes(3);
  });

  it("reports a failed deferred publish and keeps publishing later changes", async () => {
    const errors: unknown[] = [];
    const publish = vi
      .fn<() => Promise<void>>()
      .mockResolvedValueOnce()
      .mockRejectedValueOnce(new Error("NOTIFY failed"))
      .mockResolvedValue();
    const changed = throttlePublish({
      publish,
      intervalMs: 250,
      onError: (error) => errors.push(error),
    });
    await changed();
    await changed();
    await vi.advanceTimersByTimeAsync(250);
    expect(errors).toEqual([new Error("NOTIFY failed")]);
    await changed();
    await vi.advanceTimersByTimeAsync(250);
    expect(publish).toHaveBeenCalledTimes(3);
  });
});
