import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "@obmen/contracts";
import type { ConsoleTranslate } from "../../i18n.tsx";

type AuditAction = (typeof AUDIT_ACTIONS)[number];
type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const isAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);
const isTargetType = (type: string): type is AuditTargetType =>
  (AUDIT_TARGET_TYPES as readonly string[]).includes(type);

/**
 * An audit action in the operator's language ("Статус заявки изменён" for `order.status`),
 * issue 26 point 6; an action the console does not know yet keeps its word.
 */
export function auditActionName(t: ConsoleTranslate, action: string): string {
  if (!isAction(action)) return action;
  // `order.status` → `ConsoleOps.AuditActions.order_status`; the names test checks every one.
  const key = `ConsoleOps.AuditActions.${action.replaceAll(".", "_")}`;
  return t(key as Parameters<ConsoleTranslate>[0]);
}

/** What an audit row is about, in the operator's language (`Заявка`). */
export function auditObjectName(t: ConsoleTranslate, type: string): string {
  return isTargetType(type) ? t(`ConsoleOps.AuditObjects.${type}`) : type;
}

/**
 * An audit row's object id as the operator reads it: a settings section by its name in their
 * language ("Настройки оповещений", not "Настройки alerts"); other ids (order numbers, codes)
 * as they are.
 */
export function auditTargetText(t: ConsoleTranslate, type: string, id: string): string {
  if (type === "settings" && id === "alerts") return t("ConsoleOps.AuditSettings.alerts");
  return id;
}

/**
 * Where the console shows the object an audit row concerns (issue 26 point 10): the order
 * itself, a text's editor, or the screen listing currencies, operators, withdrawals. Paths are
 * the router's, under its `/admin` basename.
 */
export function auditTargetPath(type: string | null, id: string | null): string | null {
  if (!type || !id) return null;
  switch (type) {
    case "order":
      return `/orders/${encodeURIComponent(id)}`;
    case "content":
      return `/content/${encodeURIComponent(id)}`;
    case "currency":
    case "pair":
    case "pay_system":
      return `/catalogue`;
    case "operator":
      return `/operators`;
    case "withdrawal":
      return `/withdrawals`;
    case "settings":
      return `/settings`;
    default:
      return null;
  }
}
