import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts secrets at rest (MCP bearer tokens, server environment variables) with AES-256-GCM. The key is
 * derived with HKDF from ROUTINE_STUDIO_SECRET_KEY when set, else from BETTER_AUTH_SECRET (which every start
 * sets), so a fresh install needs no extra setting. Rotating the source secret makes stored secrets unreadable:
 * `openSecret` then throws a SecretUnreadableError and the admin re-enters them.
 */
const VERSION = "v1";
const INFO = "routine-studio secret-box v1";

export class SecretUnreadableError extends Error {
  constructor() {
    super("A stored secret could not be decrypted (the server's secret key changed). Re-enter it.");
    this.name = "SecretUnreadableError";
  }
}

function keyFrom(env: Record<string, string | undefined>, info = INFO): Buffer {
  const source = env.ROUTINE_STUDIO_SECRET_KEY || env.BETTER_AUTH_SECRET;
  if (!source) throw new Error("No secret key: set ROUTINE_STUDIO_SECRET_KEY or BETTER_AUTH_SECRET.");
  return Buffer.from(hkdfSync("sha256", source, "routine-studio", info, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function sealSecret(plain: string, env: Record<string, string | undefined> = process.env): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(env), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Decrypts what sealSecret wrote; throws SecretUnreadableError for a wrong key or tampered text. */
export function openSecret(sealed: string, env: Record<string, string | undefined> = process.env): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new SecretUnreadableError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(env), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadableError();
  }
}

/**
 * A keyed digest (HMAC-SHA-256, `hmac-sha256:<hex>`) of a text that must be recognizable later but not readable:
 * equal texts give equal digests under the same server key. A plain hash would not do for short values such as an
 * employee id, which anyone could find again by hashing every candidate; without the key that is not possible.
 */
export function keyedDigest(text: string, env: Record<string, string | undefined> = process.env): string {
  const mac = createHmac("sha256", keyFrom(env, "routine-studio keyed digest v1")).update(text, "utf8");
  return `hmac-sha256:${mac.digest("hex")}`;
}
