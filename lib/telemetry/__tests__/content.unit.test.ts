import { describe, expect, it } from "vitest";
import { captureContentFrom, contentAttribute, isSecretKey, redactSecrets, redactText, REDACTED } from "..";

describe("content on spans", () => {
  it("is captured only when the deployer sets the standard variable to true", () => {
    expect(captureContentFrom({})).toBe(false);
    expect(captureContentFrom({ OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "false" })).toBe(false);
    expect(captureContentFrom({ OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "1" })).toBe(false);
    expect(captureContentFrom({ OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: " TRUE " })).toBe(true);
  });
});

describe("redaction", () => {
  it("names secrets by their key, whatever its spelling, and leaves token counts alone", () => {
    for (const key of [
      "authorization",
      "Authorization",
      "api_key",
      "apiKey",
      "X-Api-Key",
      "password",
      "db_password",
      "client_secret",
      "accessToken",
      "refresh_token",
      "token",
      "cookie",
      "credentials",
      "private_key",
    ])
      expect(isSecretKey(key), key).toBe(true);
    for (const key of ["inputTokens", "max_tokens", "employee_id", "subject", "tokenCount", "author"])
      expect(isSecretKey(key), key).toBe(false);
  });

  it("replaces the values of secret keys at any depth, and keeps the rest", () => {
    const args = {
      employee_id: "E1001",
      headers: { Authorization: "Bearer abc", "Content-Type": "application/json" },
      nested: [{ password: "hunter2", note: "fine" }],
      usage: { inputTokens: 12 },
    };
    expect(redactSecrets(args)).toEqual({
      employee_id: "E1001",
      headers: { Authorization: REDACTED, "Content-Type": "application/json" },
      nested: [{ password: REDACTED, note: "fine" }],
      usage: { inputTokens: 12 },
    });
    // The input is not changed.
    expect(args.nested[0]!.password).toBe("hunter2");
  });

  it("redacts secret-shaped text wherever it appears", () => {
    const text = redactText(
      "call with Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlLXNpZ24 and sk-proj-abcdefghijklmnop1234",
    );
    expect(text).not.toMatch(/eyJhbGci|sk-proj/);
    expect(text).toContain(REDACTED);
    expect(redactText("ghp_abcdefghijklmnopqrstuvwxyz0123")).toBe(REDACTED);
    expect(redactText("Leave from 2025-08-04 to 2025-08-08")).toBe("Leave from 2025-08-04 to 2025-08-08");
  });

  it("writes an attribute as redacted JSON, cut to a bounded length", () => {
    expect(contentAttribute({ to: "E1", api_key: "sk-live-123456789012345" })).toBe(
      JSON.stringify({ to: "E1", api_key: REDACTED }),
    );
    const long = contentAttribute({ text: "x".repeat(50_000) });
    expect(long.length).toBeLessThanOrEqual(16_001);
    expect(long.endsWith("…")).toBe(true);
  });
});
