import { describe, expect, it } from "vitest";
import { keyedDigest } from "../secret-box";
import {
  openUrlCredentials,
  sameDestination,
  sealUrlCredentials,
  splitUrlCredentials,
  withUrlCredentials,
} from "../url-credentials";

describe("credentials in a URL", () => {
  it("splits userinfo and the query from what may be shown, and puts them back to connect", () => {
    const url = "https://svc:p%40ss@mcp.example.com:8443/mcp?api_key=SECRET-1&v=2#frag";
    const { publicUrl, credentials } = splitUrlCredentials(url);
    expect(publicUrl).toBe("https://mcp.example.com:8443/mcp");
    expect(credentials).toEqual({ username: "svc", password: "p%40ss", search: "?api_key=SECRET-1&v=2" });
    expect(withUrlCredentials(publicUrl, credentials)).toBe(
      "https://svc:p%40ss@mcp.example.com:8443/mcp?api_key=SECRET-1&v=2",
    );
  });

  it("returns a URL without credentials exactly as given, so saving it again compares equal", () => {
    expect(splitUrlCredentials("http://127.0.0.1:4000/v1")).toEqual({
      publicUrl: "http://127.0.0.1:4000/v1",
      credentials: null,
    });
    expect(withUrlCredentials("http://127.0.0.1:4000/v1", null)).toBe("http://127.0.0.1:4000/v1");
    expect(splitUrlCredentials("http://h/x#only-a-fragment")).toEqual({ publicUrl: "http://h/x", credentials: null });
  });

  it("seals them so the text never holds them, and opens them again", () => {
    const credentials = { username: "u", password: "pw-secret", search: "?token=q-secret" };
    const sealed = sealUrlCredentials(credentials)!;
    expect(sealed).not.toMatch(/secret/);
    expect(openUrlCredentials(sealed)).toEqual(credentials);
    expect(sealUrlCredentials(null)).toBeNull();
    expect(openUrlCredentials(null)).toBeNull();
  });

  it("compares destinations after URL normalization", () => {
    expect(sameDestination("https://MCP.example.com:443/mcp", "https://mcp.example.com/mcp")).toBe(true);
    expect(sameDestination("https://mcp.example.com/mcp", "https://mcp.example.com/other")).toBe(false);
    expect(sameDestination("https://mcp.example.com/mcp", "https://evil.example.com/mcp")).toBe(false);
  });
});

describe("keyed digests", () => {
  const env = { BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough" };

  it("are equal for equal texts under one key, differ under another, and do not contain the text", () => {
    const digest = keyedDigest('{"employee_id":"E1024"}', env);
    expect(digest).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(keyedDigest('{"employee_id":"E1024"}', env)).toBe(digest);
    expect(keyedDigest('{"employee_id":"E1025"}', env)).not.toBe(digest);
    expect(keyedDigest('{"employee_id":"E1024"}', { BETTER_AUTH_SECRET: "another-secret" })).not.toBe(digest);
    expect(digest).not.toContain("E1024");
  });
});
