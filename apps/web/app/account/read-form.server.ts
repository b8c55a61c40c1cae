import { data } from "react-router";

/**
 * The posted form, or a 400 answer for a body that is not one (a broken multipart, a
 * truncated upload): the visitor gets the error page, not a 500. The content type was
 * already checked by the root middleware (same-origin.server.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("Bad Request: the form could not be read", { status: 400 });
  }
}

/** One text field, trimmed only where asked; a file or a missing field is "". */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
