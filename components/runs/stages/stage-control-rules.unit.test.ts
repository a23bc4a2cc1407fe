import { describe, expect, it } from "vitest";
import type { HierarchyStatus, StageNode } from "@/lib/runs/hierarchy";
import { stageControlProblem } from "@/lib/runs/operations/rules";
import { stageActionBlocked, type StageAction } from "./stage-control-rules";

const stageNode = (status: HierarchyStatus): StageNode => ({
  stageId: "B",
  name: "Booking",
  actors: [],
  passes: status === "pending" ? 0 : 1,
  status,
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  inputTokens: 0,
  outputTokens: 0,
  cost: null,
  stepsDone: 0,
  stepsTotal: 2,
});

const ACTIONS: StageAction[] = ["pause", "cancel", "retry"];

describe("the stage buttons", () => {
  it("say why in the server's words: the rule the server refuses with (lib/db stage-controls tests)", () => {
    expect(stageActionBlocked("retry", stageNode("pending"), "waiting")).toBe(
      'Stage "Booking" has not run yet; there is nothing to retry.',
    );
    expect(stageActionBlocked("cancel", stageNode("pending"), "waiting")).toBe(
      'The run has not reached stage "Booking"; pause it there first.',
    );
    expect(stageActionBlocked("retry", stageNode("running"), "running")).toBe("Pause the run before retrying a stage.");
  });

  it("read the stage's place from the view: not reached, standing in it, or finished", () => {
    const asServer = (action: StageAction, position: "in" | "passed" | "ahead", status: "waiting" | "paused") =>
      stageControlProblem(action, { status }, { name: "Booking", position });
    for (const action of ACTIONS) {
      expect(stageActionBlocked(action, stageNode("pending"), "paused")).toBe(asServer(action, "ahead", "paused"));
      expect(stageActionBlocked(action, stageNode("waiting"), "waiting")).toBe(asServer(action, "in", "waiting"));
      expect(stageActionBlocked(action, stageNode("succeeded"), "waiting")).toBe(asServer(action, "passed", "waiting"));
    }
  });

  it("leave a finished stage's pause and cancel disabled, and offer its retry", () => {
    expect(stageActionBlocked("cancel", stageNode("succeeded"), "waiting")).toBe("This stage has finished.");
    expect(stageActionBlocked("pause", stageNode("skipped"), "waiting")).toBe("This stage has finished.");
    expect(stageActionBlocked("retry", stageNode("succeeded"), "succeeded")).toBeNull();
  });
});
