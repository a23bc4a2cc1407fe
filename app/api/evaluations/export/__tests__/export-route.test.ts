import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { checkOpenAiChatLine } from "@/lib/evaluations/scoring";
import { as, demoUserId, personWith } from "@/lib/db/testing/review-test-support";
import { publishedRoutine } from "@/lib/runs/store/testing/run-test-support";
import { insertStoredRun, stepRef } from "@/lib/db/testing/stored-runs";
import { scopesAllowedFor } from "@/lib/access";
import { createApiToken, setUserRoles } from "@/lib/db/users";
import { signedIn } from "@/test/request-context";
import { GET } from "../route";

// The download as a client gets it: a personal API token or the session, the query checked, the file streamed.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

/** A personal API token of the demo user holding `who`'s role, with every scope that role allows. */
async function tokenOf(who: "author" | "operator"): Promise<string> {
  await as(who);
  const viewer = signedIn()!;
  const scopes = scopesAllowedFor(viewer.roles);
  const { token } = await createApiToken(viewer, { name: `${who} export token`, scopes, expiresInDays: 30 });
  await as("anonymous");
  return token;
}

const apiRequest = (path: string, init: { token?: string } = {}) =>
  new Request(`http://localhost:3999${path}`, {
    headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
  });

let author: string;
let operator: string;
let routineId: string;

/** A succeeded run with one tool call and its output, as the engine records it. */
async function succeededRun(versionId: string): Promise<void> {
  const id = randomUUID();
  const ref = stepRef(id, "summarize");
  await insertStoredRun(
    {
      id,
      routineId,
      versionId,
      versionNumber: 1,
      routineName: "Summarize a ticket",
      status: "succeeded",
      inputs: JSON.stringify({ ticket: "The printer is on fire." }),
    },
    [
      {
        type: "step.tool_call",
        data: { ...ref, server: "hr", tool: "summarize", arguments: { text: "fire" }, byModel: true },
      },
      { type: "step.output", data: { ...ref, output: { summary: "Printer fire." } } },
      {
        type: "run.finished",
        data: {
          status: "succeeded",
          outputs: { answer: "Call the fire brigade." },
          durationMs: 1,
          inputTokens: 0,
          outputTokens: 0,
        },
      },
    ],
  );
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  [author, operator] = [await tokenOf("author"), await tokenOf("operator")];
  const published = await publishedRoutine({ ownerId: await demoUserId("author") });
  routineId = published.routineId;
  await succeededRun(published.versionId);
  await succeededRun(published.versionId);
});

describe("GET /api/evaluations/export", () => {
  it("streams the JSONL as an attachment; every line parses and passes OpenAI's format rules", async () => {
    const response = await GET(
      apiRequest(`/api/evaluations/export?format=openai&withRoutine=1&routineId=${routineId}`, { token: author }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="training-openai-with-routine-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    const lines = (await response.text()).split("\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const parsed = JSON.parse(line);
      expect(checkOpenAiChatLine(parsed)).toEqual([]);
      expect(parsed.messages[0].content).toContain("Summarize");
    }
  });

  it("says there is nothing to export instead of downloading an empty file", async () => {
    const response = await GET(apiRequest("/api/evaluations/export?from=2000-01-01&to=2000-01-02", { token: author }));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^No training examples match this filter/) });
  });

  it("refuses a bad query with 400 and a clear message, operators with 403 (no such scope for them), strangers with 401", async () => {
    const bad = await GET(apiRequest("/api/evaluations/export?format=csv&from=yesterday", { token: author }));
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: string };
    expect(error).toContain('format must be "openai" or "llamafactory".');
    expect(error).toContain("From must be a date as YYYY-MM-DD.");
    expect((await GET(apiRequest("/api/evaluations/export", { token: operator }))).status).toBe(403);
    await as("anonymous");
    expect((await GET(apiRequest("/api/evaluations/export"))).status).toBe(401);
  });
});

describe("GET /api/evaluations/export with a scoped token", () => {
  const exportAll = (token: string) => GET(apiRequest("/api/evaluations/export", { token }));

  it("refuses a token without evaluations:export with 403 naming it, also one made before scopes", async () => {
    await as("author");
    const { token: readsRuns } = await createApiToken(signedIn(), {
      name: "Reads runs",
      scopes: ["runs:read"],
      expiresInDays: 7,
    });
    await as("anonymous");
    const legacy = randomUUID();
    const legacyToken = `rs_${legacy.replaceAll("-", "")}${"A".repeat(12)}`;
    // A token from before scopes: the columns' defaults (read and start runs), which never covered the export.
    await prisma.apiToken.create({
      data: {
        id: legacy,
        userId: await demoUserId("author"),
        name: "From before",
        tokenHash: createHash("sha256").update(legacyToken).digest("hex"),
        prefix: legacyToken.slice(0, 9),
      },
    });
    for (const token of [readsRuns, legacyToken]) {
      const response = await exportAll(token);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        error: expect.stringContaining('lacks the scope "evaluations:export" (Export training data)'),
        missingScope: "evaluations:export",
      });
    }
  });

  it("refuses an expired token with 401 saying so", async () => {
    await as("author");
    const created = await createApiToken(signedIn(), {
      name: "Expiring export",
      scopes: ["evaluations:export"],
      expiresInDays: 7,
    });
    await as("anonymous");
    expect((await exportAll(created.token)).status).toBe(200);
    await prisma.apiToken.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await exportAll(created.token);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toMatch(/^The API token expired on /);
  });

  it("never grants what the owner's role does not: an export token of someone who is no longer an author", async () => {
    const person = await personWith(["author"]);
    await person.signIn();
    const { token } = await createApiToken(signedIn(), {
      name: "Export",
      scopes: ["evaluations:export"],
      expiresInDays: null,
    });
    await as("admin");
    await setUserRoles(signedIn(), { userId: person.id, roles: ["operator"] });
    await as("anonymous");
    const response = await exportAll(token);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/author or reviewer or admin role/);
  });
});
