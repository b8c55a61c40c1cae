import { describe, expect, it } from "vitest";
import { MAX_NOTIFICATIONS, type Notification, notificationQueue } from "./notification-queue.ts";

const add = (state: Notification[], id: number, message = `m${id}`) =>
  notificationQueue(state, { type: "add", id, message, kind: "info" });

describe("notification stack", () => {
  it("stacks newest last, then each leaves and is removed", () => {
    let state = add(add([], 1), 2);
    expect(state.map((item) => item.id)).toEqual([1, 2]);
    state = notificationQueue(state, { type: "leave", id: 1 });
    expect(state.find((item) => item.id === 1)?.leaving).toBe(true);
    state = notificationQueue(state, { type: "remove", id: 1 });
    expect(state.map((item) => item.id)).toEqual([2]);
  });

  it("replaces a message that is already showing instead of doubling it", () => {
    const state = add(add(add([], 1, "Copied"), 2, "Other"), 3, "Copied");
    expect(state.map((item) => [item.id, item.message])).toEqual([
      [2, "Other"],
      [3, "Copied"],
    ]);
  });

  it("sends the oldest away when too many are showing", () => {
    let state: Notification[] = [];
    for (let id = 1; id <= MAX_NOTIFICATIONS + 2; id++) state = add(state, id);
    expect(state.filter((item) => !item.leaving).map((item) => item.id)).toEqual([3, 4, 5, 6]);
    expect(state.filter((item) => item.leaving).map((item) => item.id)).toEqual([1, 2]);
  });

  it("ignores leave and remove for unknown ids", () => {
    const state = add([], 1);
    expect(notificationQueue(state, { type: "leave", id: 9 })).toEqual(state);
    expect(notificationQueue(state, { type: "remove", id: 9 })).toEqual(state);
  });
});
