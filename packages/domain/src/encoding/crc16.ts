/**
 * CRC-16/XMODEM (polynomial 0x1021, initial value 0, no reflection): the "CRC16-CCITT"
 * checksum of TON user-friendly addresses (TEP-2). Kept by hand on purpose: @noble/hashes and
 * @scure/base have no CRC, and this is a checksum against typos, not cryptography
 * (docs/decisions/015-audited-crypto-and-cookies.md).
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
