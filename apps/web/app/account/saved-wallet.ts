/** A saved wallet as the calculator offers it for one of the pair's fields. */
export interface SavedWallet {
  id: number;
  /** The order field it fills (`receive_wallet`, …). */
  fieldKey: string;
  value: string;
  label: string;
}
