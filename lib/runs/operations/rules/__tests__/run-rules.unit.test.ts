import { describe, expect, it } from "vitest";
import { RUN_STATUSES, type RunStatus } from "../../../../events";
import {
  decideStepProblem,
  rerunStepProblem,
  retryStepProblem,
  runControlProblem,
  skipStepProblem,
  stageControlProblem,
  WORKER_BUSY,
  type RunControlAction,
} from "..";

const allowedControls = (status: RunStatus) =>
  (["pause", "resume", "cancel"] as RunControlAction[]).filter(
    (action) => runControlProblem(action, { status }) === null,
  );

describe("the run's own controls", () => {
  it("offer pause and cancel while a run goes on, resume and cancel while it is paused, nothing once it is finished", () => {
    expect(Object.fromEntries(RUN_STATUSES.map((status) => [status, allowedControls(status)]))).toEqual({
      queued: ["pause", "cancel"],
      running: ["pause", "cancel"],
      waiting: ["pause", "cancel"],
      paused: ["resume", "cancel"],
      succeeded: [],
      failed: [],
      cancelled: [],
    });
  });

  it("refuse, with what the server knows, a second request to the worker executing the run", () => {
    expect(runControlProblem("pause", { status: "running", executing: true, control: "pause" })).toBe(
      "A pause is already requested: the run pauses after the current step.",
    );
    expect(runControlProblem("cancel", { status: "running", executing: true, control: "cancel" })).toBe(
      "This run is already being cancelled.",
    );
    expect(runControlProblem("resume", { status: "running", control: "pause" })).toBe(
      "This run is pausing after its current step; resume it once it has paused.",
    );
    expect(runControlProblem("cancel", { status: "failed" })).toBe(
      "This run has already failed; it cannot be cancelled.",
    );
  });
});

describe("a step's interventions", () => {
  const paused = { status: "paused" as const, mode: "workflow" as const };

  it("skip the step a workflow run stands at, but not a branch or an end step, nor in an agent run", () => {
    expect(skipStepProblem(paused, { kind: "tool", name: "Look up", state: "pending" })).toBeNull();
    expect(
      skipStepProblem({ ...paused, status: "waiting" }, { kind: "human", name: "Approve", state: "waiting" }),
    ).toBeNull();
    expect(skipStepProblem(paused, { kind: "branch", name: "Enough days?", state: "failed" })).toBe(
      '"Enough days?" is a branch: skipped, the run would not know which way to go on. Retry it, or cancel the run.',
    );
    expect(skipStepProblem(paused, { kind: "end", name: "Done", state: "pending" })).toBe(
      '"Done" ends the run; there is nothing after it to go on to.',
    );
    expect(skipStepProblem({ ...paused, mode: "agent" }, { kind: "tool", name: "Look up", state: "failed" })).toMatch(
      /workflow runs only/,
    );
    expect(skipStepProblem({ ...paused, status: "running" }, { kind: "tool", name: "Look up", state: "running" })).toBe(
      "Pause the run before skipping a step.",
    );
  });

  it("skip only the latest step run, and not while a worker still holds the run (facts only the server has)", () => {
    const step = { kind: "tool" as const, name: "Look up", state: "failed" as const };
    expect(skipStepProblem({ ...paused, executing: true }, step)).toBe(WORKER_BUSY);
    expect(skipStepProblem(paused, { ...step, latest: false })).toMatch(/Only the step the run stands at/);
    expect(skipStepProblem(paused, { ...step, latest: true })).toBeNull();
  });

  it("re-run tool and skill steps that have run, once the run is at rest", () => {
    const failed = { status: "failed" as const };
    expect(rerunStepProblem(failed, { kind: "tool", name: "Balance", state: "failed" })).toBeNull();
    expect(rerunStepProblem(failed, { kind: "skill", name: "Summarize", state: "succeeded" })).toBeNull();
    expect(rerunStepProblem(failed, { kind: "human", name: "Approve", state: "succeeded" })).toBe(
      "Only a tool or skill step can be re-run with an edited input.",
    );
    expect(rerunStepProblem(failed, { kind: "tool", name: "Balance", state: "waiting" })).toBe(
      "Only a step that has run can be re-run.",
    );
    expect(rerunStepProblem({ status: "running" }, { kind: "tool", name: "Balance", state: "succeeded" })).toBe(
      "Pause the run before re-running a step.",
    );
  });

  it("retry the failed step of a failed run only", () => {
    expect(retryStepProblem({ status: "failed" }, { kind: "tool", name: "Balance", state: "failed" })).toBeNull();
    expect(retryStepProblem({ status: "paused" }, { kind: "tool", name: "Balance", state: "failed" })).toBe(
      "Only a failed run can retry a step.",
    );
    expect(
      retryStepProblem({ status: "failed" }, { kind: "tool", name: "Balance", state: "failed", latest: false }),
    ).toBe("Only the step the run failed at can be retried.");
  });

  it("decide a step waiting for a person, not one waiting for a sub-routine, nor in a paused run", () => {
    const waiting = { kind: "human" as const, name: "Approve", state: "waiting" as const };
    expect(decideStepProblem({ status: "waiting" }, { ...waiting, waitingFor: "person" })).toBeNull();
    expect(decideStepProblem({ status: "waiting" }, { ...waiting, waitingFor: "subroutine" })).toMatch(/not waiting/);
    expect(decideStepProblem({ status: "paused" }, waiting)).toBe(
      "This run is paused; resume it before deciding its steps.",
    );
  });
});

describe("a stage's controls", () => {
  const stage = { name: "Booking" };

  it("pause the stage the run is in, hold one ahead of it once, and leave a finished stage alone", () => {
    expect(stageControlProblem("pause", { status: "running" }, { ...stage, position: "in" })).toBeNull();
    expect(stageControlProblem("pause", { status: "paused" }, { ...stage, position: "in" })).toBe(
      "This run is already paused.",
    );
    expect(stageControlProblem("pause", { status: "paused" }, { ...stage, position: "ahead" })).toBeNull();
    expect(stageControlProblem("pause", { status: "waiting" }, { ...stage, position: "ahead", held: true })).toBe(
      'The run already pauses before stage "Booking".',
    );
    expect(stageControlProblem("pause", { status: "waiting" }, { ...stage, position: "passed" })).toBe(
      "This stage has finished.",
    );
  });

  it("cancel only the stage the run stands in, of a run not finished", () => {
    expect(stageControlProblem("cancel", { status: "waiting" }, { ...stage, position: "in" })).toBeNull();
    expect(stageControlProblem("cancel", { status: "waiting" }, { ...stage, position: "ahead" })).toBe(
      'The run has not reached stage "Booking"; pause it there first.',
    );
    expect(stageControlProblem("cancel", { status: "succeeded" }, { ...stage, position: "passed" })).toBe(
      "This stage has finished.",
    );
    expect(stageControlProblem("cancel", { status: "failed" }, { ...stage, position: "in" })).toBe(
      "This run has already finished (failed); its stages cannot change now.",
    );
    expect(stageControlProblem("cancel", { status: "waiting", executing: true }, { ...stage, position: "in" })).toBe(
      WORKER_BUSY,
    );
    expect(
      stageControlProblem(
        "cancel",
        { status: "waiting" },
        { ...stage, position: "in", cancelProblem: "Two ways out." },
      ),
    ).toBe("Two ways out.");
  });

  it("retry a stage that has run, once the run is at rest", () => {
    expect(stageControlProblem("retry", { status: "succeeded" }, { ...stage, position: "passed" })).toBeNull();
    expect(stageControlProblem("retry", { status: "running" }, { ...stage, position: "in" })).toBe(
      "Pause the run before retrying a stage.",
    );
    expect(stageControlProblem("retry", { status: "waiting" }, { ...stage, position: "ahead" })).toBe(
      'Stage "Booking" has not run yet; there is nothing to retry.',
    );
  });
});
