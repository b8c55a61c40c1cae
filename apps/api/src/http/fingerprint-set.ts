import { createHash } from "node:crypto";

const WORDS = 4;
const HEX_128 = /^[0-9a-f]{32}/;

/**
 * A set of 128-bit fingerprints in one typed array (open addressing, linear probing), for
 * remembering request signatures. A signature kept as a JS string in a `Set` costs about
 * 130 bytes of garbage-collected heap; here it is 16 bytes (32 with the table's slack), off
 * the heap. At 10,000 signed requests a second, a replay window holds millions of them.
 * A signature is a hash, so its first 128 bits are its fingerprint; anything else is hashed.
 */
export class FingerprintSet {
  #slots = new Uint32Array(1024 * WORDS);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Adds the value's fingerprint; false when it was already there. */
  add(value: string): boolean {
    const key = fingerprint(value);
    if (this.#find(this.#slots, key) >= 0) return false;
    if ((this.#size + 1) * 2 > this.#slots.length / WORDS) this.#grow();
    this.#insert(this.#slots, key);
    this.#size++;
    return true;
  }

  has(value: string): boolean {
    return this.#find(this.#slots, fingerprint(value)) >= 0;
  }

  #find(slots: Uint32Array, key: Uint32Array): number {
    const mask = slots.length / WORDS - 1;
    for (let slot = key[0]! & mask; ; slot = (slot + 1) & mask) {
      const at = slot * WORDS;
      if (isEmpty(slots, at)) return -1;
      if (
        slots[at] === key[0] &&
        slots[at + 1] === key[1] &&
        slots[at + 2] === key[2] &&
        slots[at + 3] === key[3]
      )
        return at;
    }
  }

  #insert(slots: Uint32Array, key: Uint32Array) {
    const mask = slots.length / WORDS - 1;
    let slot = key[0]! & mask;
    while (!isEmpty(slots, slot * WORDS)) slot = (slot + 1) & mask;
    slots.set(key, slot * WORDS);
  }

  #grow() {
    const old = this.#slots;
    const slots = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += WORDS) {
      if (!isEmpty(old, at)) this.#insert(slots, old.subarray(at, at + WORDS));
    }
    this.#slots = slots;
  }
}

/** All-zero marks an empty slot; a real fingerprint of all zeros is nudged off it. */
function isEmpty(slots: Uint32Array, at: number): boolean {
  return slots[at] === 0 && slots[at + 1] === 0 && slots[at + 2] === 0 && slots[at + 3] === 0;
}

function fingerprint(value: string): Uint32Array {
  const hex = HEX_128.test(value)
    ? value.slice(0, 32)
    : createHash("sha256").update(value).digest("hex").slice(0, 32);
  const key = new Uint32Array(WORDS);
  for (let i = 0; i < WORDS; i++) key[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16);
  if (isEmpty(key, 0)) key[3] = 1;
  return key;
}
