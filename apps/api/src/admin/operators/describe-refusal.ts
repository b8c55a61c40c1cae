import { AppError, type ErrorCode } from "@obmen/contracts";
import { translatorFor } from "@obmen/i18n/catalogs";

/**
 * An operator-account refusal as one English line for a log or a terminal (the start-up
 * admin, `npm run admin:create`): the code and each field's message, worded by the catalog.
 */
export function describeRefusal(error: unknown): string {
  if (!(error instanceof AppError)) return error instanceof Error ? error.message : String(error);
  const t = translatorFor("en");
  const fields = Object.entries(error.fields ?? {}).map(
    ([field, problem]) => `${field}: ${t(problem.key, { field, ...problem.values })}`,
  );
  const code: ErrorCode = (error as AppError).code;
  return [t(`Errors.${code}`), ...fields].join(" ");
}
