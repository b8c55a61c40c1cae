/**
 * CRC-16/XMODEM (polynomial 0x1021, initial value 0, no reflection): the "CRC16-CCITT"
 * checksum of TON user-friendly addresses (TEP-2).
 */
export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}
