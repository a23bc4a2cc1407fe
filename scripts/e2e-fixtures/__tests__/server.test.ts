import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../../lib/demo/seed";
import { startFixtureServer } from "../server";

let server: Server;
let url: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ server, url } = await startFixtureServer(0));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(body: unknown): Promise<{ status: number; body: { result?: unknown; error?: string } }> {
  const response = await fetch(`${url}/call`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { result?: unknown; error?: string } };
}

describe("the e2e set-up service", () => {
  it("runs DAL operations as the named user: a routine read from paper text, submitted, approved and published", async () => {
    const created = await call({
      as: "author@example.com",
      operation: "createRoutine",
      input: { name: "Greeting", source: { kind: "text", text: "Step 1. Greet: say hello;" } },
    });
    expect(created.status).toBe(200);
    const { routineId, versionNumber, status, routine } = created.body.result as {
      routineId: string;
      versionNumber: number;
      status: string;
      routine: { steps: Array<{ name: string }> };
    };
    expect({ versionNumber, status }).toEqual({ versionNumber: 1, status: "draft" });
    expect(routine.steps.map((step) => step.name)).toContain("Greet");

    const submitted = await call({ as: "author@example.com", operation: "submitForReview", input: { routineId } });
    const { versionId } = submitted.body.result as { versionId: string };
    // The reviewer reads the version (its content hash, as the review page shows it) before deciding on it.
    const seen = await call({ as: "reviewer@example.com", operation: "workingVersion", input: { routineId } });
    const { contentHash } = seen.body.result as { contentHash: string };
    expect(
      (
        await call({
          as: "reviewer@example.com",
          operation: "decideReview",
          input: { versionId, contentHash, decision: "approve" },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call({ as: "reviewer@example.com", operation: "publishVersion", input: { versionId, contentHash } })).body
        .result,
    ).toMatchObject({ number: 1, rollback: false });
    expect(
      (await call({ as: "author@example.com", operation: "workingVersion", input: { routineId } })).body.result,
    ).toMatchObject({ status: "published" });
  });

  it("answers the DAL's refusals with the app's status and message, and writes nothing", async () => {
    const refused = await call({
      as: "reviewer@example.com",
      operation: "createRoutine",
      input: { name: "Not mine to make" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/author/);

    const unreadable = await call({
      as: "author@example.com",
      operation: "createRoutine",
      input: { name: "Broken", source: { kind: "json", text: "{ nope" } },
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error).toMatch(/does not read/);
  });

  it("refuses unknown users, unknown operations and bodies that are not JSON", async () => {
    expect(
      (await call({ as: "nobody@example.com", operation: "createRoutine", input: { name: "x" } })).body.error,
    ).toMatch(/no active user/);
    const unknown = await call({ as: "author@example.com", operation: "dropDatabase", input: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/operation/);
    const notJson = await fetch(`${url}/call`, { method: "POST", body: "{" });
    expect(notJson.status).toBe(400);
    expect((await fetch(`${url}/other`, { method: "POST", body: "{}" })).status).toBe(404);
  });
});
