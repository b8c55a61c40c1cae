/**
 * SHA-256 (FIPS 180-4) in plain TypeScript: base58check needs it in the browser calculator
 * too, where `node:crypto` does not exist and WebCrypto is async. Inputs here are tiny
 * (≤ 64 bytes), so clarity beats speed.
 */

/** First 32 bits of the fractional parts of the square/cube roots of the first primes. */
function fractionalBits(root: (prime: number) => number, count: number): Uint32Array {
  const words = new Uint32Array(count);
  for (let candidate = 2, found = 0; found < count; candidate++) {
    let isPrime = true;
    for (let divisor = 2; divisor * divisor <= candidate; divisor++) {
      if (candidate % divisor === 0) isPrime = false;
    }
    if (!isPrime) continue;
    const value = root(candidate);
    words[found++] = ((value - Math.floor(value)) * 2 ** 32) >>> 0;
  }
  return words;
}

const INITIAL_HASH = fractionalBits(Math.sqrt, 8);
const ROUND_CONSTANTS = fractionalBits(Math.cbrt, 64);

export function sha256(message: Uint8Array): Uint8Array {
  // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian integer.
  const paddedLength = Math.ceil((message.length + 9) / 64) * 64;
  const padded = new Uint8Array(paddedLength);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bitLength = message.length * 8;
  view.setUint32(paddedLength - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(paddedLength - 4, bitLength >>> 0);

  const hash = Uint32Array.from(INITIAL_HASH);
  const schedule = new Uint32Array(64);
  for (let block = 0; block < paddedLength; block += 64) {
    for (let t = 0; t < 16; t++) schedule[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < 64; t++) {
      const w15 = schedule[t - 15]!;
      const w2 = schedule[t - 2]!;
      const sigma0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const sigma1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      schedule[t] = (schedule[t - 16]! + sigma0 + schedule[t - 7]! + sigma1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as number[];
    for (let t = 0; t < 64; t++) {
      const sum1 = rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25);
      const choice = (e! & f!) ^ (~e! & g!);
      const temp1 = (h! + sum1 + choice + ROUND_CONSTANTS[t]! + schedule[t]!) >>> 0;
      const sum0 = rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22);
      const majority = (a! & b!) ^ (a! & c!) ^ (b! & c!);
      const temp2 = (sum0 + majority) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d! + temp1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (temp1 + temp2) >>> 0;
    }
    const working = [a, b, c, d, e, f, g, h];
    for (let i = 0; i < 8; i++) hash[i] = (hash[i]! + working[i]!) >>> 0;
  }

  const digest = new Uint8Array(32);
  const digestView = new DataView(digest.buffer);
  for (let i = 0; i < 8; i++) digestView.setUint32(i * 4, hash[i]!);
  return digest;
}

function rotr(word: number, bits: number): number {
  return (word >>> bits) | (word << (32 - bits));
}
