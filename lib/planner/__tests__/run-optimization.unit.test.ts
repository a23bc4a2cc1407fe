import { describe, expect, it } from "vitest";
import { LlmNotConfiguredError } from "../../llm";
import type { Routine } from "../../routine";
import { makeRoutine } from "../../routine/testing/factories";
import type { OptimizeEvent, OptimizeRequest } from "../contract/contract";
import { toRoutine } from "../output-schema";
import { parsePlannerAnswer } from "../parse";
import { startOptimization, type OptimizationDeps, type WorkingVersion } from "../run-optimization";
import type { PlannerModel } from "../types";
import { quarterCounter, scriptedModel, TOOLS, validAnswer, type Scripted } from "./support";

type Saved = Parameters<OptimizationDeps["save"]>[0];

function setup(
  options: { working?: Partial<WorkingVersion>; script?: Scripted[]; model?: () => Promise<PlannerModel> } = {},
) {
  const working: WorkingVersion = {
    routine: makeRoutine(),
    versionId: "v1",
    versionNumber: 1,
    revision: 3,
    status: "draft",
    archived: false,
    ...options.working,
  };
  const llm = scriptedModel(options.script ?? [{ json: validAnswer() }]);
  const saved: Saved[] = [];
  const deps: OptimizationDeps = {
    loadWorking: async () => working,
    listTools: async () => TOOLS,
    plannerModel: options.model ?? (async () => llm),
    save: async (input) => {
      saved.push(input);
      return { versionId: "v2", number: 2 };
    },
    describeError: (error) => ({
      message: error instanceof Error ? error.message : String(error),
      conflict: error instanceof Error && error.name === "ConflictError",
    }),
    countTokens: quarterCounter,
  };
  return { deps, llm, saved, working };
}

const canvas: OptimizeRequest = { source: "canvas", basedOnVersionId: "v1" };

async function runToEnd(
  deps: OptimizationDeps,
  request: OptimizeRequest = canvas,
  signal = new AbortController().signal,
): Promise<OptimizeEvent[]> {
  const start = await startOptimization({ routineId: "r1", userId: "u1", request }, deps);
  if (!start.ok) throw new Error(`refused: ${start.body.error}`);
  const events: OptimizeEvent[] = [];
  await start.run((event) => events.push(event), signal);
  return events;
}

describe("startOptimization", () => {
  it("refuses at once, before any model call, what cannot be saved", async () => {
    const cases: Array<[Partial<WorkingVersion>, OptimizeRequest, RegExp]> = [
      [{ versionId: "v9" }, canvas, /newer version than the one on this page/],
      [{ status: "in_review" }, canvas, /Version 1 is in review; withdraw it/],
      [{ archived: true }, canvas, /archived/],
      [{}, { ...canvas, baseRevision: 2 }, /saved again since this page read it/],
    ];
    for (const [working, request, message] of cases) {
      const { deps, llm } = setup({ working });
      const start = await startOptimization({ routineId: "r1", userId: "u1", request }, deps);
      expect(start).toMatchObject({
        ok: false,
        status: 409,
        body: { code: "conflict", error: expect.stringMatching(message) },
      });
      expect(llm.requests).toHaveLength(0);
    }
  });

  it("answers 503 with what to configure when the planner has no model", async () => {
    const message = "The planner model is not set. An admin sets it in Settings → Models.";
    const { deps } = setup({ model: async () => Promise.reject(new LlmNotConfiguredError("planner", message)) });
    expect(await startOptimization({ routineId: "r1", userId: "u1", request: canvas }, deps)).toEqual({
      ok: false,
      status: 503,
      body: { error: message, code: "not_configured" },
    });
  });

  it("streams the phases, saves once with the provenance, and ends with done", async () => {
    const { deps, saved, llm } = setup();
    const events = await runToEnd(deps);
    expect(events.map((event) => event.phase)).toEqual(["planning", "planning", "validating", "saving", "done"]);
    expect(events.at(-1)).toMatchObject({
      phase: "done",
      versionNumber: 2,
      versionId: "v2",
      reviewUrl: "/routines/r1/review/2",
      repairCount: 0,
      percent: 100,
    });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      routineId: "r1",
      basedOnVersionId: "v1",
      routine: { id: "r1", name: "Apply for leave" },
      provenance: {
        model: "scripted-model",
        repairCount: 0,
        inputTokens: 100,
        outputTokens: 40,
        promptHash: expect.stringMatching(/^sha256:/),
      },
    });
    expect(saved[0].provenance.sourceDraft).toContain("Step 1. Check leave balance");
    expect(llm.requests[0].context).toEqual({ userId: "u1", routineId: "r1", versionId: "v1" });
  });

  it("keeps the rationale of new and changed steps only", async () => {
    const parsed = parsePlannerAnswer(JSON.stringify(validAnswer()));
    if (!parsed.ok) throw new Error("invalid fixture");
    const base: Routine = toRoutine(parsed.output, "r1");
    const changed = validAnswer({
      rationale: { check_balance: "Kept as it was.", apply: "Now files the leave type too." },
    });
    changed.routine.steps[2].description = "File the request with its leave type.";
    const { deps, saved } = setup({ working: { routine: base }, script: [{ json: changed }] });
    await runToEnd(deps);
    expect(saved[0].provenance.rationale.steps).toEqual({ apply: "Now files the leave type too." });
  });

  it("reads pasted text as paper text when it parses as such, else as free text", async () => {
    const paper =
      "Step 1. Check balance: look up the days left, using get_leave_balance tool;\nStep 2. End: terminate the workflow;";
    for (const [text, format] of [
      [paper, "paper text"],
      ["First check the balance, then file the leave.", "free text"],
    ]) {
      const { deps, llm } = setup();
      await runToEnd(deps, { source: "text", text, basedOnVersionId: "v1" });
      expect(llm.requests[0].messages[1].content).toContain(`<draft format="${format}">\n${text}\n</draft>`);
    }
  });

  it("fails without saving when planning fails, and says nothing was saved", async () => {
    const { deps, saved } = setup({ script: [{ text: "I would rather chat." }] });
    const events = await runToEnd(deps);
    expect(events.at(-1)).toMatchObject({
      phase: "failed",
      code: "not_json",
      message: expect.stringMatching(/Nothing was saved\.$/),
    });
    expect(saved).toHaveLength(0);
  });

  it("saves nothing when cancelled after the model answered", async () => {
    const controller = new AbortController();
    const { deps, saved, llm } = setup();
    const chat = llm.chat.bind(llm);
    llm.chat = async (request) => {
      const answer = await chat(request);
      controller.abort();
      return answer;
    };
    const events = await runToEnd(deps, canvas, controller.signal);
    expect(events.at(-1)).toMatchObject({ phase: "failed", code: "aborted" });
    expect(saved).toHaveLength(0);
  });

  it("reports a refused save as a conflict", async () => {
    const { deps } = setup();
    deps.save = async () => {
      const error = new Error(
        "The routine changed while the planner worked; nothing was saved. Run the planner again on the current version.",
      );
      error.name = "ConflictError";
      throw error;
    };
    const events = await runToEnd(deps);
    expect(events.at(-1)).toEqual({
      phase: "failed",
      attempt: 1,
      percent: 100,
      code: "conflict",
      message:
        "The routine changed while the planner worked; nothing was saved. Run the planner again on the current version.",
    });
  });
});
