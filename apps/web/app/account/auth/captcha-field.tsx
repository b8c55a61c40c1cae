/**
 * The captcha the API asks for after repeated failures (`CAPTCHA_REQUIRED`, decision 026).
 * Until the widget is wired, the field shows the API's message so the visitor knows why.
 */
export function CaptchaField({ error, errorId }: { error: string | undefined; errorId: string }) {
  return (
    <div className="auth-form__field">
      {error && (
        <span id={errorId} className="auth-form__error">
          {error}
        </span>
      )}
    </div>
  );
}
