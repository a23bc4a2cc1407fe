import { beforeAll, describe, expect, it, vi } from "vitest";
import { seedDatabase } from "@/lib/demo/seed";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { makeRoutine } from "@/lib/db/testing/routine-factories";
import { publishedRoutine } from "@/lib/runs/store/testing/run-test-support";
import { findRoutineAction } from "../actions";

// "Run by request"'s Find routine, called as the browser calls it, with real sessions and a real database.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const routine = makeRoutine({
    name: "Recalibrate the lab spectrometer",
    description: "Takes the chemistry lab spectrometer offline and recalibrates it against the reference sample.",
    intents: ["recalibrate the spectrometer"],
  });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("admin"), routine }));
});

describe("findRoutineAction", () => {
  it("ranks the published routines for an operator: the pick, its score and matched words, the decision", async () => {
    await as("operator");
    const result = await findRoutineAction("  The spectrometer needs recalibrating  ");
    expect(result).toMatchObject({
      ok: true,
      retrieval: {
        request: "The spectrometer needs recalibrating",
        decision: "match",
        candidates: [
          { routineId, name: "Recalibrate the lab spectrometer", matched: expect.arrayContaining(["spectrometer"]) },
        ],
        notice: null,
      },
    });
  });

  it("refuses an empty or oversized request with checkRequest's sentence", async () => {
    await as("operator");
    expect(await findRoutineAction("   ")).toEqual({ ok: false, message: expect.stringMatching(/request is empty/) });
    expect(await findRoutineAction("x".repeat(100 * 1024))).toEqual({
      ok: false,
      message: expect.stringMatching(/too long/),
    });
  });

  it("refuses who may not start runs (authors and reviewers too) and the signed-out, and tells them nothing", async () => {
    for (const who of ["author", "reviewer", "anonymous"] as const) {
      await as(who);
      const result = await findRoutineAction("The spectrometer needs recalibrating");
      expect(result, who).toMatchObject({ ok: false });
      expect(JSON.stringify(result), who).not.toContain("spectrometer");
    }
  });
});
