import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "../safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/", "/routines", "/routines/abc/edit", "/runs?status=failed&page=2", "/settings/users#invite"])(
    "follows the same-site path %s",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    ["an absolute URL", "https://evil.com/routines"],
    ["a scheme without slashes", "javascript:alert(1)"],
    ["a protocol-relative URL", "//evil.com"],
    ["a protocol-relative URL with a path", "//evil.com/routines"],
    ["a backslash host that browsers read as //", "/\\evil.com"],
    ["a tab that browsers drop, leaving //", "/\t/evil.com"],
    ["a line break that browsers drop, leaving //", "/\r\n/evil.com"],
    ["a tab before a backslash host", "/\t\\evil.com"],
    ["a relative path without a leading slash", "routines"],
    ["an empty string", ""],
    ["the sign-in page itself", "/sign-in"],
    ["the sign-in page with a query", "/sign-in?next=/runs"],
    ["an API route", "/api/auth/sign-out"],
  ])("falls back for %s: %j", (_what, value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it.each([undefined, null, 42, ["/routines"], { path: "/routines" }])("falls back for the non-string %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("every path it follows stays on this site once a browser resolves it", () => {
    const site = "https://studio.example.com";
    for (const value of ["/runs", "/\t/evil.com", "/\n/evil.com", "//evil.com", "/\\evil.com", "/%2F/evil.com"]) {
      expect(new URL(safeRedirectPath(value), site).origin).toBe(site);
    }
  });

  it("uses the caller's fallback", () => {
    expect(safeRedirectPath("https://evil.com", "/routines")).toBe("/routines");
    expect(safeRedirectPath("/runs", "/routines")).toBe("/runs");
  });
});
