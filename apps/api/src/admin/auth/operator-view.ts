import type { AdminOperator, SessionOperator } from "@obmen/contracts";
import type { OperatorRow } from "./operator-sessions.ts";

/** The signed-in operator as `login` and `me` answer. */
export function sessionOperatorView(
  operator: OperatorRow,
  mustEnrolTotp: (operator: OperatorRow) => boolean,
): SessionOperator {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    totp_enabled: operator.totpConfirmedAt !== null,
    totp_enrolment_required: mustEnrolTotp(operator),
  };
}

/** An operator as the admin's list shows it (never the hash or the TOTP secret). */
export function operatorView(operator: OperatorRow): AdminOperator {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    totp_enabled: operator.totpConfirmedAt !== null,
    disabled_at: operator.disabledAt?.toISOString() ?? null,
    created_at: operator.createdAt.toISOString(),
    last_login_at: operator.lastLoginAt?.toISOString() ?? null,
  };
}
