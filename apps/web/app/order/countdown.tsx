import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";

/**
 * Time left to pay at the locked rate. The first render uses the loader's clock, so the
 * server's HTML and the hydrating browser agree; the browser then ticks on its own clock.
 */
export function Countdown({ expiresAt, serverNow }: { expiresAt: string; serverNow: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const secondsLeft = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  if (secondsLeft === 0) return <p className="countdown countdown--over">{t("Order.TimeUp")}</p>;
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, "0");
  return (
    <p className="countdown">
      {t("Order.TimeLeft")}{" "}
      <time dateTime={`PT${minutes}M${seconds}S`} className="countdown__time">
        {minutes}:{seconds}
      </time>
    </p>
  );
}
