import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { SavedWallet } from "./saved-wallet.ts";

/**
 * A small select beside an order field that fills it with one of the user's saved wallets
 * (issue 13). It needs JavaScript to fill the input, so it appears once the page is
 * hydrated; before that the field is typed as usual.
 */
export function WalletPicker({
  wallets,
  inputId,
  onPick,
}: {
  wallets: SavedWallet[];
  inputId: string;
  onPick: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || wallets.length === 0) return null;
  return (
    <select
      className="wallet-picker"
      aria-label={t("Account.Wallets.PickLabel")}
      aria-controls={inputId}
      value=""
      onChange={(event) => {
        const wallet = wallets.find((item) => String(item.id) === event.currentTarget.value);
        const input = document.getElementById(inputId);
        if (!wallet || !(input instanceof HTMLInputElement)) return;
        input.value = wallet.value;
        input.focus();
        onPick(wallet.value);
      }}
    >
      <option value="" disabled>
        {t("Account.Wallets.Pick")}
      </option>
      {wallets.map((wallet) => (
        <option key={wallet.id} value={wallet.id}>
          {wallet.label ? `${wallet.label} · ${shortened(wallet.value)}` : wallet.value}
        </option>
      ))}
    </select>
  );
}

/** `TJCnKs…sxMW`: enough of a long address to tell saved ones apart beside the label. */
function shortened(value: string): string {
  return value.length > 16 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}
