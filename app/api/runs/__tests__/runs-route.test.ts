import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { createApiToken } from "@/lib/db/users";
import { seedDatabase } from "@/lib/demo/seed";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { publishedRoutine } from "@/lib/runs/store/testing/run-test-support";
import { request as sessionRequest, signedIn } from "@/test/request-context";
import { POST } from "../route";

// POST /api/runs as browsers and API clients reach it. A browser sends the operator's session cookie by itself,
// also when another site makes it post here: that forged request is what the route must refuse.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

const APP = "http://localhost:3999";

let routineId: string;
let operatorCookie: string;
let operatorToken: string;

/** A POST to /api/runs with the signed-in operator's cookie (as the browser attaches it) and `headers`. */
function post(headers: Record<string, string>, body: string = JSON.stringify({ routineId, inputs: { ticket: "x" } })) {
  return new Request(`${APP}/api/runs`, { method: "POST", headers, body });
}

const withCookie = (headers: Record<string, string>) => ({ cookie: operatorCookie, ...headers });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("admin") }));
  await as("operator");
  ({ token: operatorToken } = await createApiToken(signedIn(), {
    name: "route test token",
    scopes: ["runs:start"],
    expiresInDays: 7,
  }));
  // The session stays signed in: the route's getViewer() reads these headers, the refusals must not get that far.
  operatorCookie = sessionRequest.headers.get("cookie")!;
});

describe("POST /api/runs against forged requests", () => {
  it("refuses a cross-site post with the session cookie (403) and starts no run", async () => {
    const before = await prisma.run.count();
    for (const origin of ["https://evil.example", "null", "http://localhost:3999.evil.example"]) {
      const response = await POST(post(withCookie({ origin, "content-type": "application/json" })));
      expect(response.status, origin).toBe(403);
      expect(((await response.json()) as { error: string }).error).toMatch(/another site/);
    }
    expect(await prisma.run.count()).toBe(before);
  });

  it("refuses a cookie post that does not say where it came from (no Origin), and starts no run", async () => {
    const before = await prisma.run.count();
    const response = await POST(post(withCookie({ "content-type": "application/json" })));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/Origin/);
    expect(await prisma.run.count()).toBe(before);
  });

  it("refuses a form-encoded or plain-text body with 415, even from the app's own origin, and starts no run", async () => {
    const before = await prisma.run.count();
    const forms = [
      post(withCookie({ origin: APP, "content-type": "application/x-www-form-urlencoded" }), `routineId=${routineId}`),
      post(withCookie({ origin: APP, "content-type": "text/plain" })),
      post(withCookie({ origin: APP, "content-type": "multipart/form-data; boundary=x" })),
    ];
    for (const request of forms) expect((await POST(request)).status).toBe(415);
    expect(await prisma.run.count()).toBe(before);
  });

  it("still starts runs for the app's own pages (cookie, Origin, JSON) and for API clients with a token", async () => {
    const before = await prisma.run.count();
    const fromPage = await POST(post(withCookie({ origin: APP, "content-type": "application/json" })));
    expect(fromPage.status).toBe(201);
    const fromClient = await POST(
      post({ authorization: `Bearer ${operatorToken}`, "content-type": "application/json; charset=utf-8" }),
    );
    expect(fromClient.status).toBe(201);
    expect(await prisma.run.count()).toBe(before + 2);
  });
});
