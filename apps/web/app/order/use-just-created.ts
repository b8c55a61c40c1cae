import type { OrderInfo } from "@obmen/contracts";
import { isTerminal } from "@obmen/domain";
import { useEffect, useState } from "react";
import {
  JUST_CREATED_KEY,
  type KeptStorage,
  matchJustCreated,
  readJustCreated,
  tabStorage,
} from "./just-created.ts";

/**
 * The full values this tab typed for this order (by field key), or null: always null on the
 * server and in the first render, so the HTML and the hydrated page are masked alike
 * (decision 023, "Revised"). Once the limit passes or the order finishes, the tab's copy goes.
 */
export function useJustCreated(order: OrderInfo): Record<string, string> | null {
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const { exchange_uuid: id, created_at: createdAt, expires_at: expiresAt } = order;
  const finished = isTerminal(order.exchange_status);
  // The page reloads its data every few seconds: compare the fields by content, not identity.
  const fieldsJson = JSON.stringify(order.fields.map(({ key, value }) => ({ key, value })));

  useEffect(() => {
    const storage = tabStorage();
    const verdict = matchJustCreated({
      entry: readJustCreated(storage),
      order: { id, fields: JSON.parse(fieldsJson), createdAt, expiresAt, finished },
      now: Date.now(),
    });
    if (verdict.kind !== "show") {
      if (verdict.kind === "drop") forget(storage);
      setValues(null);
      return;
    }
    try {
      // Bound to this order from now on: no other order's page can match it.
      storage?.setItem(JUST_CREATED_KEY, JSON.stringify(verdict.entry));
    } catch {
      // Unchanged storage still holds a matching entry; binding is a second guard, not the first.
    }
    setValues(verdict.values);
    const timer = setTimeout(() => {
      forget(storage);
      setValues(null);
    }, verdict.forMs);
    return () => clearTimeout(timer);
  }, [id, createdAt, expiresAt, finished, fieldsJson]);

  return values;
}

function forget(storage: KeptStorage | null) {
  try {
    storage?.removeItem(JUST_CREATED_KEY);
  } catch {
    // Nothing to do: storage that cannot be written could not have kept anything either.
  }
}
