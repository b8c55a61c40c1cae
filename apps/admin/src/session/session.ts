import type { OperatorRole } from "@obmen/contracts";
import { useSyncExternalStore } from "react";
import { ApiError, consoleApi, setUnauthorizedListener } from "../api/client.ts";

export interface Operator {
  id: string;
  email: string;
  role: OperatorRole;
  totp_enabled: boolean;
  totp_enrolment_required: boolean;
}

export type Session =
  | { state: "loading" }
  | { state: "anonymous" }
  | { state: "signed-in"; operator: Operator };

const LOADING: Session = { state: "loading" };
let current: Session = LOADING;
let asking: Promise<Session> | null = null;
const listeners = new Set<() => void>();

/** Who is signed in, as the shell and the loaders see it; every change re-renders the shell. */
export function setSession(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

// A 401 from any call: the session ended (expired, signed out in another tab, disabled).
setUnauthorizedListener(() => setSession({ state: "anonymous" }));

/** The session, asking the API once (`GET /me`); a failure reads as signed out. */
export function loadSession(): Promise<Session> {
  if (current.state !== "loading") return Promise.resolve(current);
  asking ??= consoleApi()
    .me()
    .then(
      ({ operator }): Session => ({ state: "signed-in", operator }),
      (): Session => ({ state: "anonymous" }),
    )
    .then((session) => {
      asking = null;
      if (current.state === "loading") setSession(session);
      return current;
    });
  return asking;
}

export function useSession(): Session {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** Thrown by a loader whose screen is not shown now: the sign-in or the second factor is. */
export class ScreenNotShown extends Error {}

export const DESK_ROLES: readonly OperatorRole[] = ["admin", "operator"];
export const CONTENT_ROLES: readonly OperatorRole[] = ["admin", "editor"];
export const ADMIN_ROLES: readonly OperatorRole[] = ["admin"];

/**
 * A loader's guard: the signed-in operator when their role may open the screen. Signed out or
 * still to enrol the second factor, the shell shows the sign-in or the operator's own screen
 * instead (the API would refuse the screen's calls anyway, decision 028); a role the screen is
 * not for gets the API's own 403, shown by the route's error boundary.
 */
export async function requireOperator(roles: readonly OperatorRole[]): Promise<Operator> {
  const session = await loadSession();
  if (session.state !== "signed-in" || session.operator.totp_enrolment_required) {
    throw new ScreenNotShown();
  }
  if (!roles.includes(session.operator.role)) {
    throw new ApiError({ status: 403, code: "FORBIDDEN", message: "" });
  }
  return session.operator;
}

export const canUseDesk = (operator: Operator) => DESK_ROLES.includes(operator.role);
export const canEditContent = (operator: Operator) => CONTENT_ROLES.includes(operator.role);
