import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { request as signedInRequest } from "@/test/request-context";
import { DELETE, GET, PATCH, POST } from "../route";

// better-auth's HTTP endpoints as a client reaches them: requests with the app's Origin and, where it matters, a
// real session cookie, so only the allowlist stands between them and better-auth.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

const APP = "http://localhost:3999";

function authRequest(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}): Request {
  const headers = new Headers({ origin: APP });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${APP}/api/auth${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The session cookie of the demo user holding `who`'s role, signed in through auth.api (not over HTTP). */
async function cookieOf(who: "author" | "reviewer"): Promise<string> {
  await as(who);
  const cookie = signedInRequest.headers.get("cookie")!;
  await as("anonymous");
  return cookie;
}

let authorId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  authorId = await demoUserId("author");
});

describe("/api/auth/*", () => {
  it("does not sign anyone in over HTTP: guesses and even the right password get 404, and no session starts", async () => {
    const sessions = await prisma.session.count();
    for (const password of ["guess-1", "guess-2", "guess-3", "author-demo-pass"]) {
      const response = await POST(authRequest("/sign-in/email", { body: { email: "author@example.com", password } }));
      expect(response.status).toBe(404);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await prisma.session.count()).toBe(sessions);
  });

  it("does not let a signed-in user rename themselves (names are identity in reviews and the audit log)", async () => {
    const cookie = await cookieOf("author");
    const before = await prisma.user.findUniqueOrThrow({ where: { id: authorId } });
    const response = await POST(authRequest("/update-user", { cookie, body: { name: "Ada Admin" } }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found." });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: authorId } })).toEqual(before);
  });

  it("closes the other endpoints better-auth mounts, whatever the method or spelling of the path", async () => {
    const cookie = await cookieOf("reviewer");
    const users = await prisma.user.count();
    const accounts = await prisma.account.findMany({ orderBy: { id: "asc" } });
    const attempts = [
      POST(
        authRequest("/sign-up/email", { body: { email: "walk-in@example.com", password: "walk-in-pass", name: "W" } }),
      ),
      POST(
        authRequest("/change-password", {
          cookie,
          body: { currentPassword: "reviewer-demo-pass", newPassword: "taken-over-123" },
        }),
      ),
      POST(authRequest("/change-email", { cookie, body: { newEmail: "someone-else@example.com" } })),
      POST(authRequest("/delete-user", { cookie, body: {} })),
      GET(authRequest("/list-sessions", { cookie })),
      POST(authRequest("/revoke-sessions", { cookie, body: {} })),
      POST(authRequest("/sign-out", { cookie, body: {} })),
      POST(authRequest("/get-session", { cookie, body: {} })),
      GET(authRequest("/get-session/", { cookie })),
      GET(authRequest("/get-session/../list-sessions", { cookie })),
      POST(authRequest("/update-user/", { cookie, body: { name: "Ada Admin" } })),
      PATCH(authRequest("/update-user", { cookie, method: "PATCH", body: { name: "Ada Admin" } })),
      DELETE(authRequest("/delete-user", { cookie, method: "DELETE" })),
      GET(authRequest("/ok")),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect(await prisma.user.count()).toBe(users);
    expect(await prisma.account.findMany({ orderBy: { id: "asc" } })).toEqual(accounts);
    // The reviewer is still signed in: sign-out and revocation never reached better-auth.
    const session = await GET(authRequest("/get-session", { cookie }));
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe("reviewer@example.com");
  });

  it("still answers get-session, for the caller's own session only", async () => {
    const cookie = await cookieOf("author");
    const mine = await GET(authRequest("/get-session", { cookie }));
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { user: { email: string } }).user.email).toBe("author@example.com");
    const nobody = await GET(authRequest("/get-session"));
    expect(nobody.status).toBe(200);
    expect(await nobody.json()).toBeNull();
  });
});
