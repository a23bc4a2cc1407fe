import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signedIn } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { getRun, startRun } from "@/lib/runs/operations";
import { seedDatabase } from "@/lib/demo/seed";
import { makeRoutine } from "@/lib/db/testing/routine-factories";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { publishedRoutine } from "@/lib/runs/store/testing/run-test-support";
import { idleState } from "@/lib/forms";
import { setDefaultModeAction } from "../default-mode-actions";

// The Versions page's "Runs execute as" control, posted as the page posts it: an author must not be able to change
// how a published routine runs without review (issue #29).
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

async function modeOfNewRun(routineId: string) {
  await as("operator");
  const { runId } = await startRun(signedIn(), { routineId, inputs: { ticket: "The printer is on fire." } });
  return (await getRun(signedIn(), runId)).mode;
}

describe("setting the default run mode from the Versions page", () => {
  it("puts the change in a new draft; runs of the published version keep running as a workflow", async () => {
    const { routineId, versionId } = await publishedRoutine({
      ownerId: await demoUserId("author"),
      routine: makeRoutine({ name: "Published workflow" }),
    });
    await as("author");
    const answer = await setDefaultModeAction(idleState, formData({ routineId, mode: "agent" }));
    expect(await modeOfNewRun(routineId)).toBe("workflow");
    expect(answer).toEqual({
      status: "success",
      message: "New draft v2 now runs in agent mode by default. It takes effect once v2 is reviewed and published.",
    });
    expect((await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId).toBe(versionId);
  });

  it("refuses a mode it does not know, and anyone but authors and admins", async () => {
    const { routineId } = await publishedRoutine({ ownerId: await demoUserId("author") });
    await as("author");
    expect(await setDefaultModeAction(idleState, formData({ routineId, mode: "yolo" }))).toMatchObject({
      status: "error",
      fieldErrors: { mode: ["Choose workflow or agent."] },
    });
    await as("operator");
    expect(await setDefaultModeAction(idleState, formData({ routineId, mode: "agent" }))).toMatchObject({
      status: "error",
      message: expect.stringContaining("not allowed"),
    });
    expect(await prisma.routineVersion.count({ where: { routineId } })).toBe(1);
  });
});
