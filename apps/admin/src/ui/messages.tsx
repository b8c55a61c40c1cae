/** Why a call failed, said once where the screen shows it; nothing when there is nothing. */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** What a call did (saved, created), read out politely. */
export function StatusNotice({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p className="notice" role="status">
      {message}
    </p>
  );
}
