import type { PagePath } from "./page-paths.ts";

/** The account area (spec §2): its layout's index is the order history. Sign-in required. */
export const ACCOUNT_PAGE_PATHS: readonly PagePath[] = [
  { name: "account", path: "account", file: "routes/account/history.tsx", layout: "account" },
  {
    name: "account-wallets",
    path: "account/wallets",
    file: "routes/account/wallets.tsx",
    layout: "account",
  },
  {
    name: "account-templates",
    path: "account/templates",
    file: "routes/account/templates.tsx",
    layout: "account",
  },
  {
    name: "account-affiliate",
    path: "account/affiliate",
    file: "routes/account/affiliate.tsx",
    layout: "account",
  },
  {
    name: "account-affiliatepromotion",
    path: "account/affiliatepromotion",
    file: "routes/account/affiliatepromotion.tsx",
    layout: "account",
  },
  {
    name: "account-profile",
    path: "account/profile",
    file: "routes/account/profile.tsx",
    layout: "account",
  },
];

export const ACCOUNT_LAYOUT_FILE = "routes/account/layout.tsx";
