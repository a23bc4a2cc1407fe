import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { publishedRoutine } from "@/lib/runs/store/testing/run-test-support";
import { request as sessionRequest } from "@/test/request-context";
import { POST } from "../route";

// "Optimize with AI" is called by the designer with the author's session cookie; another site could make the
// author's browser call it too. The forged calls are refused before the planner or the database is touched.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

const APP = "http://localhost:3999";

let routineId: string;
let versionId: string;
let cookie: string;

function optimize(headers: Record<string, string>, body?: string): Promise<Response> {
  const request = new Request(`${APP}/api/routines/${routineId}/optimize`, {
    method: "POST",
    headers: { cookie, ...headers },
    body: body ?? JSON.stringify({ source: "canvas", basedOnVersionId: versionId }),
  });
  return POST(request, { params: Promise.resolve({ id: routineId }) });
}

const versions = () => prisma.routineVersion.count({ where: { routineId } });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ routineId, versionId } = await publishedRoutine({ ownerId: await demoUserId("author") }));
  await as("author");
  cookie = sessionRequest.headers.get("cookie")!;
});

describe("POST /api/routines/[id]/optimize against forged requests", () => {
  it("refuses the author's cookie sent from another site, or with no Origin, with 403 and saves nothing", async () => {
    const before = await versions();
    const crossSite = await optimize({ origin: "https://evil.example", "content-type": "application/json" });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: string }).error).toMatch(/another site/);
    expect((await optimize({ "content-type": "application/json" })).status).toBe(403);
    expect(await versions()).toBe(before);
  });

  it("refuses a body not sent as JSON with 415, even from the app's own origin", async () => {
    const before = await versions();
    const form = await optimize(
      { origin: APP, "content-type": "application/x-www-form-urlencoded" },
      `source=canvas&basedOnVersionId=${versionId}`,
    );
    expect(form.status).toBe(415);
    expect((await optimize({ origin: APP, "content-type": "text/plain" })).status).toBe(415);
    expect(await versions()).toBe(before);
  });

  it("lets the designer's own request through to the planner's checks", async () => {
    const response = await optimize({ origin: APP, "content-type": "application/json" }, JSON.stringify({}));
    expect(response.status).toBe(400);
  });
});
