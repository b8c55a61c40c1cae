import { AppError, ErrorCode } from "@obmen/contracts";

/**
 * A pay system's icon must be a file the site serves (`GET /admin/api/icons`): a typo would
 * show customers a broken image. Refused in the operator's language under `fields.icon`,
 * before anything is written.
 */
export function assertSiteIcon(icons: readonly string[], icon: string | undefined): void {
  if (icon === undefined || icons.includes(icon)) return;
  throw new AppError(ErrorCode.VALIDATION_FAILED, {
    fields: { icon: { key: "AdminErrors.UnknownIcon" } },
  });
}
