import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../demo/seed";
import { createRunStore } from "../../runs/store";
import { publishedRoutine, queuedRun, runTables } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";
import { prisma, ValidationError } from "../core";
import { startRun, updateRunContextSettings } from "../../runs/operations";
import { as, demoUserId } from "../testing/review-test-support";

// Every new workflow or agent run stores its context settings on its plan: the starter's choice over the admin's
// settings in effect, kept whatever the settings become; a sub-routine's run takes its parent's.

const ADMIN_SETTINGS = { mode: "full", lookahead: 3, budgetTokens: 9_000, compressTokens: 700 } as const;

let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("author") }));
  await as("admin");
  await updateRunContextSettings(signedIn(), ADMIN_SETTINGS);
});

const contextOf = async (runId: string) =>
  JSON.parse((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).execution) as {
    mode: string;
    context?: unknown;
  };

describe("a new run's context settings", () => {
  it("are the settings in effect when the starter chooses none, and the starter's choice over them otherwise", async () => {
    await as("operator");
    const plain = await startRun(signedIn(), { routineId, inputs: { ticket: "x" } });
    expect(await contextOf(plain.runId)).toEqual({ mode: "workflow", context: ADMIN_SETTINGS });

    const chosen = await startRun(signedIn(), {
      routineId,
      inputs: { ticket: "x" },
      mode: "agent",
      context: { mode: "compressed", lookahead: 1 },
    });
    expect(await contextOf(chosen.runId)).toMatchObject({
      mode: "agent",
      context: { mode: "compressed", lookahead: 1, budgetTokens: 9_000, compressTokens: 700 },
    });

    // An admin's later change applies to runs started after it; the runs already started keep theirs.
    await as("admin");
    await updateRunContextSettings(signedIn(), { ...ADMIN_SETTINGS, mode: "plan-aware", lookahead: 6 });
    await as("operator");
    expect((await contextOf(plain.runId)).context).toEqual(ADMIN_SETTINGS);
    const later = await startRun(signedIn(), { routineId, inputs: { ticket: "x" } });
    expect((await contextOf(later.runId)).context).toEqual({ ...ADMIN_SETTINGS, mode: "plan-aware", lookahead: 6 });
    await as("admin");
    await updateRunContextSettings(signedIn(), ADMIN_SETTINGS);
  });

  it("refuse a bad choice with the setting's own message, and start nothing", async () => {
    await as("operator");
    const before = await runTables();
    const refusal = async (context: unknown) => {
      const error = await startRun(signedIn(), { routineId, inputs: { ticket: "x" }, context: context as never }).catch(
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).fieldErrors.context;
    };
    expect(await refusal({ lookahead: 99 })).toEqual(["The lookahead must be between 0 and 50."]);
    expect(await refusal({ mode: "everything" })).toEqual(["Choose full history, plan-aware or compressed."]);
    expect(await refusal({ budgetTokens: "lots" })).toEqual(["Enter the token budget as a number."]);
    expect(await refusal({ lookahed: 2 })).toEqual([
      'Unknown context setting "lookahed": use mode, lookahead, budgetTokens or compressTokens.',
    ]);
    expect(await runTables()).toEqual(before);
  });

  it("of a sub-routine are its parent's", async () => {
    await as("operator");
    const { runId } = await startRun(signedIn(), {
      routineId,
      inputs: { ticket: "x" },
      context: { mode: "plan-aware", lookahead: 5 },
    });
    const store = createRunStore({ owner: "test", leaseMs: 30_000 });
    const child = await store.startChildRun({ runId, stepRunId: "sr-parent" }, routineId, { ticket: "nested" });
    expect(await contextOf(child)).toEqual({
      mode: "workflow",
      context: { ...ADMIN_SETTINGS, mode: "plan-aware", lookahead: 5 },
    });

    // A parent started before runs stored their settings has none: its child runs on the engine's defaults too.
    const older = await queuedRun(routineId);
    const olderChild = await store.startChildRun({ runId: older, stepRunId: "sr-parent" }, routineId, { ticket: "n" });
    expect(await contextOf(olderChild)).toEqual({ mode: "workflow" });
  });
});
