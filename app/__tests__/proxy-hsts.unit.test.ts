import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";

// Issue #29: Strict-Transport-Security on every response when the app is served over https, and never over http
// (it would lock developers out of localhost). Through the real proxy and its matcher: what Next runs per request.

const HSTS = "max-age=63072000; includeSubDomains";
const configured = process.env.BETTER_AUTH_URL;
afterAll(() => {
  process.env.BETTER_AUTH_URL = configured;
});

/** Pages, server actions, route handlers (JSON, SSE, the export, health), Next's assets and the icon. */
const PATHS = [
  "/",
  "/sign-in",
  "/runs/3f0c2a1e-0000-4000-8000-000000000000",
  "/account/tokens",
  "/api/runs",
  "/api/runs/3f0c2a1e-0000-4000-8000-000000000000",
  "/api/runs/3f0c2a1e-0000-4000-8000-000000000000/events",
  "/api/runs/events",
  "/api/evaluations/export",
  "/api/auth/get-session",
  "/api/health",
  "/_next/static/chunks/main.js",
  "/favicon.ico",
];

/** The Strict-Transport-Security header of a response to `path` served at `origin`; undefined when the proxy is not run. */
function hstsOf(origin: string, path: string, method = "GET"): string | null | undefined {
  const url = `${origin}${path}`;
  if (!unstable_doesMiddlewareMatch({ config, url })) return undefined;
  return proxy(new NextRequest(url, { method })).headers.get("strict-transport-security");
}

describe("Strict-Transport-Security", () => {
  it("is on every page, API and asset response when the public origin is https", () => {
    process.env.BETTER_AUTH_URL = "https://studio.example.com";
    for (const path of PATHS) expect(hstsOf("https://studio.example.com", path), path).toBe(HSTS);
    expect(hstsOf("https://studio.example.com", "/api/runs", "POST")).toBe(HSTS);
    // A TLS-terminating proxy in front talks http to the app: the header still goes out, for the browser's https.
    expect(hstsOf("http://10.0.0.5:3000", "/runs")).toBe(HSTS);
  });

  it("is on no response when the public origin is http, unset or unreadable", () => {
    for (const origin of ["http://localhost:3000", undefined, "", "not a url", "ftp://studio.example.com"]) {
      if (origin === undefined) delete process.env.BETTER_AUTH_URL;
      else process.env.BETTER_AUTH_URL = origin;
      for (const path of PATHS) expect(hstsOf("http://localhost:3000", path), `${origin} ${path}`).toBeNull();
    }
  });

  it("leaves the page headers as they were: a nonce policy on pages, none on route handlers", () => {
    process.env.BETTER_AUTH_URL = "https://studio.example.com";
    const page = proxy(new NextRequest("https://studio.example.com/runs"));
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(page.headers.get("x-middleware-request-x-nonce")).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    const api = proxy(new NextRequest("https://studio.example.com/api/runs/events"));
    expect(api.headers.get("content-security-policy")).toBeNull();
    expect(api.headers.get("x-middleware-request-x-nonce")).toBeNull();
  });
});
