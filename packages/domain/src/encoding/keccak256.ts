/**
 * Keccak-256 (the original Keccak padding 0x01, as Ethereum uses, not SHA3-256's 0x06) for
 * EIP-55 address checksums, in plain TypeScript so the browser calculator can run it.
 * Each 64-bit lane is held as two 32-bit halves (hi, lo) to stay on fast integer math.
 * The round constants, rotation offsets and lane permutation are derived from their
 * definitions (Keccak reference, §1.2) rather than typed in, so a typo cannot hide.
 */

const RATE_BYTES = 136; // 1600 - 2 × 256 bits of capacity
const ROUNDS = 24;

/** ι constants from the degree-8 LFSR rc(t) = x^t mod (x^8 + x^6 + x^5 + x^4 + 1). */
function roundConstants(): { hi: Uint32Array; lo: Uint32Array } {
  const hi = new Uint32Array(ROUNDS);
  const lo = new Uint32Array(ROUNDS);
  let lfsr = 1;
  for (let round = 0; round < ROUNDS; round++) {
    for (let j = 0; j < 7; j++) {
      if (lfsr & 1) {
        const bit = (1 << j) - 1;
        if (bit < 32) lo[round]! |= 1 << bit;
        else hi[round]! |= 1 << (bit - 32);
      }
      lfsr = lfsr & 0x80 ? ((lfsr << 1) ^ 0x71) & 0xff : lfsr << 1;
    }
  }
  return { hi, lo };
}

/** ρ offsets and π destinations, walking (x, y) → (y, 2x + 3y) from (1, 0). */
function rhoPi(): { offsets: Uint8Array; destinations: Uint8Array } {
  const offsets = new Uint8Array(25);
  const destinations = new Uint8Array(25);
  for (let x = 0; x < 5; x++) {
    for (let y = 0; y < 5; y++) destinations[x + 5 * y] = y + 5 * ((2 * x + 3 * y) % 5);
  }
  let x = 1;
  let y = 0;
  for (let t = 0; t < 24; t++) {
    offsets[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  return { offsets, destinations };
}

const RC = roundConstants();
const { offsets: RHO, destinations: PI } = rhoPi();

function permute(hi: Uint32Array, lo: Uint32Array): void {
  const columnHi = new Uint32Array(5);
  const columnLo = new Uint32Array(5);
  const bHi = new Uint32Array(25);
  const bLo = new Uint32Array(25);
  for (let round = 0; round < ROUNDS; round++) {
    // θ: xor each lane with the parities of two neighbouring columns.
    for (let x = 0; x < 5; x++) {
      columnHi[x] = hi[x]! ^ hi[x + 5]! ^ hi[x + 10]! ^ hi[x + 15]! ^ hi[x + 20]!;
      columnLo[x] = lo[x]! ^ lo[x + 5]! ^ lo[x + 10]! ^ lo[x + 15]! ^ lo[x + 20]!;
    }
    for (let x = 0; x < 5; x++) {
      const nextHi = columnHi[(x + 1) % 5]!;
      const nextLo = columnLo[(x + 1) % 5]!;
      const dHi = columnHi[(x + 4) % 5]! ^ ((nextHi << 1) | (nextLo >>> 31));
      const dLo = columnLo[(x + 4) % 5]! ^ ((nextLo << 1) | (nextHi >>> 31));
      for (let y = 0; y < 25; y += 5) {
        hi[x + y]! ^= dHi;
        lo[x + y]! ^= dLo;
      }
    }
    // ρ and π: rotate every lane and move it to its new position.
    for (let lane = 0; lane < 25; lane++) {
      const shift = RHO[lane]!;
      const h = hi[lane]!;
      const l = lo[lane]!;
      const target = PI[lane]!;
      if (shift === 0) {
        bHi[target] = h;
        bLo[target] = l;
      } else if (shift < 32) {
        bHi[target] = (h << shift) | (l >>> (32 - shift));
        bLo[target] = (l << shift) | (h >>> (32 - shift));
      } else if (shift === 32) {
        bHi[target] = l;
        bLo[target] = h;
      } else {
        bHi[target] = (l << (shift - 32)) | (h >>> (64 - shift));
        bLo[target] = (h << (shift - 32)) | (l >>> (64 - shift));
      }
    }
    // χ: the only non-linear step, along each row.
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const one = y + ((x + 1) % 5);
        const two = y + ((x + 2) % 5);
        hi[y + x] = bHi[y + x]! ^ (~bHi[one]! & bHi[two]!);
        lo[y + x] = bLo[y + x]! ^ (~bLo[one]! & bLo[two]!);
      }
    }
    // ι: break the symmetry between rounds.
    hi[0]! ^= RC.hi[round]!;
    lo[0]! ^= RC.lo[round]!;
  }
}

export function keccak256(message: Uint8Array): Uint8Array {
  return keccakSponge256(message, 0x01);
}

/**
 * The 256-bit sponge with a given padding suffix: 0x01 is Keccak-256, 0x06 is FIPS 202
 * SHA3-256 (exported only so tests can check multi-block input against other SHA3 sources).
 */
export function keccakSponge256(message: Uint8Array, paddingSuffix: number): Uint8Array {
  const hi = new Uint32Array(25);
  const lo = new Uint32Array(25);
  const blockCount = Math.floor(message.length / RATE_BYTES) + 1;
  const padded = new Uint8Array(blockCount * RATE_BYTES);
  padded.set(message);
  padded[message.length]! |= paddingSuffix;
  padded[padded.length - 1]! |= 0x80;
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES) {
    for (let lane = 0; lane < RATE_BYTES / 8; lane++) {
      const at = offset + lane * 8;
      lo[lane]! ^= readUint32LE(padded, at);
      hi[lane]! ^= readUint32LE(padded, at + 4);
    }
    permute(hi, lo);
  }
  const digest = new Uint8Array(32);
  for (let lane = 0; lane < 4; lane++) {
    writeUint32LE(digest, lane * 8, lo[lane]!);
    writeUint32LE(digest, lane * 8 + 4, hi[lane]!);
  }
  return digest;
}

function readUint32LE(bytes: Uint8Array, at: number): number {
  return (
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
  );
}

function writeUint32LE(bytes: Uint8Array, at: number, word: number): void {
  bytes[at] = word & 0xff;
  bytes[at + 1] = (word >>> 8) & 0xff;
  bytes[at + 2] = (word >>> 16) & 0xff;
  bytes[at + 3] = (word >>> 24) & 0xff;
}
