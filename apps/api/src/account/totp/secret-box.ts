import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveServerKey } from "../server-keys.ts";

/** Format tag, so a later key or cipher can be told apart from this one. */
const VERSION = "v1";

export interface SecretBox {
  seal(plain: string): string;
  /** The sealed text's plain value; throws when it was sealed under another key or altered. */
  open(sealed: string): string;
}

/**
 * AES-256-GCM under a key derived from the server secret: TOTP secrets at rest are useless
 * without it (a database dump or backup alone yields no codes). A random 96-bit IV per seal;
 * the tag authenticates, so a changed ciphertext fails to open rather than giving a wrong secret.
 */
export function createSecretBox(serverSecret: string, purpose = "totp/secret"): SecretBox {
  const key = deriveServerKey(serverSecret, purpose);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed) {
      const [version, packed] = sealed.split(".");
      if (version !== VERSION || !packed) throw new Error("unknown sealed-secret format");
      const bytes = Buffer.from(packed, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
