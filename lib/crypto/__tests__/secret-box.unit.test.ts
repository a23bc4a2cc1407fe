import { describe, expect, it } from "vitest";
import { openSecret, sealSecret, SecretUnreadableError } from "../secret-box";

const env = { BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough" };

describe("secret box", () => {
  it("round-trips a secret without storing it in clear", () => {
    const sealed = sealSecret("Bearer s3cr3t-token", env);
    expect(sealed).not.toContain("s3cr3t");
    expect(openSecret(sealed, env)).toBe("Bearer s3cr3t-token");
  });

  it("uses a fresh nonce each time", () => {
    expect(sealSecret("same", env)).not.toBe(sealSecret("same", env));
  });

  it("refuses a tampered value or a different key with a clear error", () => {
    const sealed = sealSecret("token", env);
    const parts = sealed.split(".");
    const tampered = [...parts.slice(0, 3), Buffer.from("other").toString("base64url")].join(".");
    expect(() => openSecret(tampered, env)).toThrow(SecretUnreadableError);
    expect(() => openSecret(sealed, { BETTER_AUTH_SECRET: "another-secret" })).toThrow(/could not be decrypted/);
    expect(() => openSecret("garbage", env)).toThrow(SecretUnreadableError);
  });

  it("prefers ROUTINE_STUDIO_SECRET_KEY over the auth secret", () => {
    const sealed = sealSecret("token", { ...env, ROUTINE_STUDIO_SECRET_KEY: "dedicated" });
    expect(openSecret(sealed, { ROUTINE_STUDIO_SECRET_KEY: "dedicated" })).toBe("token");
    expect(() => openSecret(sealed, env)).toThrow(SecretUnreadableError);
  });
});
