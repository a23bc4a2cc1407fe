import { beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { NotFoundError } from "../core";
import {
  controlRun,
  decideHumanStep,
  getRun,
  listRunEvents,
  listRuns,
  readRunVariable,
  rerunFromStep,
  retryStep,
  startRun,
} from "../../runs/operations";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId, type Who } from "../testing/review-test-support";
import {
  humanRoutine,
  publishedRoutine,
  queuedRun,
  runIn,
  runTables,
  setRunState,
} from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";

const ROLES: Who[] = ["anonymous", "author", "reviewer", "operator", "admin"];
const CONTROLLERS: Who[] = ["operator", "admin"];

let routineId: string;
let humanRoutineId: string;

/** Every run function that writes: who may call it, and the call on a run prepared in the state it needs. */
const WRITES: Record<string, () => Promise<() => Promise<unknown>>> = {
  startRun: async () => () => startRun(signedIn(), { routineId, inputs: { ticket: "Printer on fire" } }),
  controlRun: async () => {
    const runId = await queuedRun(routineId);
    return () => controlRun(signedIn(), { runId, action: "cancel" });
  },
  retryStep: async () => {
    const { runId, stepRunId } = await runIn.failed(routineId);
    return () => retryStep(signedIn(), { runId, stepRunId });
  },
  rerunFromStep: async () => {
    const { runId, stepRunId } = await runIn.paused(routineId);
    // The step's `text` is bound to the run's input, so a re-run keeps it (the routine fixes it).
    return () => rerunFromStep(signedIn(), { runId, stepRunId, input: { text: "The printer is on fire." } });
  },
  decideHumanStep: async () => {
    const { runId, stepRunId } = await runIn.waiting(humanRoutineId);
    return () => decideHumanStep(signedIn(), { runId, stepRunId, decision: "approve" });
  },
};

/**
 * The reads, on a run started by nobody of a routine owned by the demo author: the author sees it (owner), the
 * reviewer does not (404), nobody signed out does.
 */
const READS: Record<string, { visible: Who[]; call: (runId: string) => Promise<unknown> }> = {
  getRun: { visible: ["author", "operator", "admin"], call: (runId) => getRun(signedIn(), runId) },
  listRunEvents: { visible: ["author", "operator", "admin"], call: (runId) => listRunEvents(signedIn(), { runId }) },
  readRunVariable: {
    visible: ["author", "operator", "admin"],
    call: (runId) => readRunVariable(signedIn(), { runId, key: "VAR_summarize_1" }),
  },
};

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const ownerId = await demoUserId("author");
  ({ routineId } = await publishedRoutine({ ownerId }));
  ({ routineId: humanRoutineId } = await publishedRoutine({ ownerId, routine: humanRoutine() }));
});

describe("who may start and control runs", () => {
  for (const [name, prepare] of Object.entries(WRITES)) {
    for (const who of ROLES) {
      const allowed = CONTROLLERS.includes(who);
      it(`${name} as ${who}: ${allowed ? "allowed" : "refused, nothing written"}`, async () => {
        const call = await prepare();
        await as(who);
        if (allowed) {
          await expect(call()).resolves.toBeDefined();
          return;
        }
        const before = await runTables();
        await expect(call()).rejects.toBeInstanceOf(who === "anonymous" ? UnauthenticatedError : ForbiddenError);
        expect(await runTables()).toEqual(before);
      });
    }
  }
});

describe("who may read a run", () => {
  let runId: string;
  beforeAll(async () => {
    runId = await queuedRun(routineId);
    await setRunState(runId, { variables: [{ key: "VAR_summarize_1", stepId: "summarize", value: "a long summary" }] });
  });

  for (const [name, { visible, call }] of Object.entries(READS)) {
    for (const who of ROLES) {
      const expected = who === "anonymous" ? "unauthenticated" : visible.includes(who) ? "visible" : "not found (404)";
      it(`${name} as ${who}: ${expected}`, async () => {
        await as(who);
        if (expected === "visible") await expect(call(runId)).resolves.toBeDefined();
        else
          await expect(call(runId)).rejects.toBeInstanceOf(who === "anonymous" ? UnauthenticatedError : NotFoundError);
      });
    }
  }

  for (const who of ROLES) {
    it(`listRuns as ${who}`, async () => {
      await as(who);
      if (who === "anonymous")
        return void (await expect(listRuns(signedIn())).rejects.toBeInstanceOf(UnauthenticatedError));
      const ids = (await listRuns(signedIn(), { limit: 200 })).map((run) => run.id);
      if (who === "reviewer") expect(ids).toEqual([]);
      else expect(ids).toContain(runId);
    });
  }
});
