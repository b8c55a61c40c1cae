import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1): about 10 ms here.
 * `algorithm` is left at its default, argon2id: the package's `Algorithm` is a const enum
 * that `verbatimModuleSyntax` cannot import. The PHC string records the parameters, so
 * stronger ones later still verify the hashes written with these.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A stored hash that is not a PHC string matches nothing; it never becomes a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the work of one verification when there is no account to verify against, so an
 * unknown e-mail answers as slowly as a wrong password (no timing reveals which addresses
 * are registered). The dummy hash has the same parameters as real ones, so the same cost.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash(crypto.randomUUID(), ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
}
