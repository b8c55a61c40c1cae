import type { FieldProblem } from "@obmen/contracts";

/**
 * What is wrong with a typed e-mail that is not an address: nothing typed is "required",
 * anything else "check the address". Saying so reveals nothing about who is registered.
 */
export function emailProblem(typed: string): FieldProblem {
  return typed.trim() === ""
    ? { key: "Validation.required", field: "email" }
    : { key: "AccountErrors.InvalidEmail" };
}
