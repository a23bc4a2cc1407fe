import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "../../db/core";
import { updateRunContextSettings } from "../../runs/operations";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId } from "../../db/testing/review-test-support";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";
import { postRun } from "../runs-api";
import { apiRequest, tokenOf } from "./api-test-support";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

// POST /api/runs with `context`: the client's choice over the admin's settings, stored on the run's plan.

const ADMIN_SETTINGS = { mode: "plan-aware", lookahead: 2, budgetTokens: 6_000, compressTokens: 400 } as const;

let operator: string;
let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  operator = await tokenOf("operator");
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("admin") }));
  await as("admin");
  await updateRunContextSettings(signedIn(), ADMIN_SETTINGS);
  await as("anonymous");
});

const post = (body: unknown) => postRun(apiRequest("/api/runs", { token: operator, body }));
const planOf = async (runId: string) =>
  JSON.parse((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).execution) as Record<string, unknown>;

describe("POST /api/runs with context settings", () => {
  it("stores the admin's settings without `context`, and the client's choice over them with it", async () => {
    const plain = await post({ routineId, inputs: { ticket: "x" } });
    expect(plain.status).toBe(201);
    expect(await planOf(((await plain.json()) as { runId: string }).runId)).toEqual({
      mode: "workflow",
      context: ADMIN_SETTINGS,
    });

    const chosen = await post({ routineId, inputs: { ticket: "x" }, context: { mode: "full", budgetTokens: 20_000 } });
    expect(chosen.status).toBe(201);
    expect(await planOf(((await chosen.json()) as { runId: string }).runId)).toEqual({
      mode: "workflow",
      context: { ...ADMIN_SETTINGS, mode: "full", budgetTokens: 20_000 },
    });
  });

  it("answers 400 with the setting's message for a bad value, and for context on a planned run; starts nothing", async () => {
    const before = await prisma.run.count();
    const cases: Array<[unknown, RegExp]> = [
      [{ routineId, inputs: { ticket: "x" }, context: { compressTokens: 10 } }, /compressor budget must be between 50/],
      [
        { routineId, inputs: { ticket: "x" }, context: { mode: "all" } },
        /Choose full history, plan-aware or compressed/,
      ],
      [{ routineId, inputs: { ticket: "x" }, context: "full" }, /Give the context settings as an object/],
      [{ routineId, inputs: { ticket: "x" }, context: { k: 3 } }, /Unknown context setting "k": use mode, lookahead/],
      [{ request: "Plan my week", mode: "planned", context: { mode: "full" } }, /A planned run follows no routine/],
    ];
    for (const [body, message] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const json = (await response.json()) as { error: string; fieldErrors?: Record<string, string[]> };
      expect([json.error, ...(json.fieldErrors?.context ?? [])].join(" ")).toMatch(message);
    }
    expect(await prisma.run.count()).toBe(before);
  });
});
