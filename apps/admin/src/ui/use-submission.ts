import { useState } from "react";
import { ApiError } from "../api/client.ts";
import { errorText } from "../api/error-text.ts";
import { useI18n } from "../i18n.tsx";

/**
 * A console form's call to the API: `busy` while it runs; the server's field problems kept in
 * `fields` for the inputs they name, any other failure as one `message`.
 */
export function useSubmission() {
  const { t } = useI18n();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);

  /** Forgets what the last call said. */
  function clear() {
    setFields({});
    setMessage("");
  }

  /** Runs `call` with what the last one said cleared; resolves whether it succeeded. */
  async function submit(call: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    clear();
    try {
      await call();
      return true;
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        setFields(error.fields);
      else setMessage(errorText(error, t));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { fields, message, setMessage, busy, clear, submit };
}
