import { describe, expect, it } from "vitest";
import {
  isTokenExpired,
  LEGACY_TOKEN_SCOPES,
  parseTokenScopes,
  scopesAllowedFor,
  TOKEN_SCOPES,
  tokenExpiresAt,
  tokenExpirySchema,
  tokenExpiryText,
} from "..";

describe("token scopes", () => {
  it("lets each role put on a token only what the role can do through the API", () => {
    expect(scopesAllowedFor(["author"])).toEqual(["runs:read", "evaluations:export"]);
    expect(scopesAllowedFor(["reviewer"])).toEqual(["evaluations:export"]);
    expect(scopesAllowedFor(["operator"])).toEqual(["runs:read", "runs:start"]);
    expect(scopesAllowedFor(["admin"])).toEqual(TOKEN_SCOPES);
    expect(scopesAllowedFor(["reviewer", "operator"])).toEqual(TOKEN_SCOPES);
    expect(scopesAllowedFor([])).toEqual([]);
  });

  it("reads stored scopes failing closed: unknown names dropped, anything but a JSON array grants nothing", () => {
    expect(parseTokenScopes(JSON.stringify(LEGACY_TOKEN_SCOPES))).toEqual(["runs:read", "runs:start"]);
    expect(parseTokenScopes('["evaluations:export","runs:delete","runs:read"]')).toEqual([
      "runs:read",
      "evaluations:export",
    ]);
    for (const garbled of ["", "runs:start", '"runs:start"', '{"0":"runs:start"}', "null", "[", "[1, true]"])
      expect(parseTokenScopes(garbled), garbled).toEqual([]);
  });
});

describe("token expiry", () => {
  const created = new Date("2026-11-28T12:00:00.000Z");
  const DAY = 24 * 3600 * 1000;

  it("offers 7, 30, 90 or 365 days, or none", () => {
    for (const days of [7, 30, 90, 365, null])
      expect(tokenExpirySchema.safeParse(days).success, String(days)).toBe(true);
    for (const days of [0, 1, 12, -7, "30", undefined, 30.5])
      expect(tokenExpirySchema.safeParse(days).success, String(days)).toBe(false);
    expect(tokenExpiresAt(30, created)).toEqual(new Date("2026-12-28T12:00:00.000Z"));
    expect(tokenExpiresAt(null, created)).toBeNull();
  });

  it("is refused from the expiry on, never before", () => {
    const expiresAt = tokenExpiresAt(7, created)!;
    expect(isTokenExpired(expiresAt, new Date(expiresAt.getTime() - 1))).toBe(false);
    expect(isTokenExpired(expiresAt, expiresAt)).toBe(true);
    expect(isTokenExpired(null, new Date(created.getTime() + 100 * 365 * DAY))).toBe(false);
  });

  it("reads as the token list shows it", () => {
    const at = (ms: number) => new Date(created.getTime() + ms).toISOString();
    expect(tokenExpiryText(at(30 * DAY - 5_000), created)).toBe("expires in 30 days");
    expect(tokenExpiryText(at(12 * DAY), created)).toBe("expires in 12 days");
    expect(tokenExpiryText(at(36 * 3600_000), created)).toBe("expires in 36 hours");
    expect(tokenExpiryText(at(90 * 60_000), created)).toBe("expires in 90 minutes");
    expect(tokenExpiryText(at(10_000), created)).toBe("expires in 1 minute");
    expect(tokenExpiryText(at(0), created)).toBe("expired");
    expect(tokenExpiryText(at(-DAY), created)).toBe("expired");
    expect(tokenExpiryText(null, created)).toBe("never expires");
  });
});
