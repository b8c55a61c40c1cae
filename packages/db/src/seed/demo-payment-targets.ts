/**
 * Where customers of the demo exchange pay each currency in. These are placeholders that look
 * like the real thing (right format, valid checksums where the format has one) so the order
 * page can be tried end to end; an operator replaces them before taking real money. Until
 * then the page and the letters say they are demo details, not to be paid
 * (`currencies.payment_target_demo`).
 */
export const demoPaymentTargets: Record<string, { target: string; holder: string | null }> = {
  BTC: { target: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", holder: null },
  USDTTRC20: { target: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", holder: null },
  ETH: { target: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", holder: null },
  USDTERC20: { target: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", holder: null },
  USDCERC20: { target: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", holder: null },
  USDTBEP20: { target: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", holder: null },
  BNBBEP20: { target: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", holder: null },
  LTC: { target: "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea", holder: null },
  TON: { target: "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2", holder: null },
  TRX: { target: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", holder: null },
  SOL: { target: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", holder: null },
  DOGE: { target: "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", holder: null },
  SBERRUB: { target: "2202 2000 0000 0008", holder: "Иван Петров" },
  TCSBRUB: { target: "2200 7000 0000 0009", holder: "Иван Петров" },
  SBPRUB: { target: "+7 900 000-00-00", holder: "Иван Петров, Т-Банк" },
  ACRUB: { target: "2200 1500 0000 0007", holder: "Иван Петров" },
  TBRUB: { target: "2200 2400 0000 0006", holder: "Иван Петров" },
  MONOBUAH: { target: "4441 1100 0000 0006", holder: "Іван Петренко" },
  P24UAH: { target: "5168 7500 0000 0007", holder: "Іван Петренко" },
  KSPBKZT: { target: "4400 4300 0000 0007", holder: "Иван Петров" },
  YAMRUB: { target: "4100 1000 0000 0009", holder: null },
  PRUSD: { target: "P1000000000", holder: null },
  ADVCUSD: { target: "payments@obmen.example", holder: null },
};
