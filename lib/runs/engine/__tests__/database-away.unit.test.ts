import { describe, expect, it, vi } from "vitest";
import type { RunEventInput } from "../../../events";
import type { Step } from "../../../routine";
import { endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { stopsRun } from "../ports";
import { chain, dataOf, harness, type Harness } from "./support";

// Issue #17: a database that goes away for a moment must not fail the step the run was on. The engine lets the
// error through with the run as stored, and the worker, keeping its lease, resumes the run once the database is back.

const tool = (id: string, name = "get_leave_balance") =>
  toolStep({ id, tool: { server: "hr", name }, inputs: { employee_id: { from: "literal", value: id } } });
const line = (...steps: Step[]) => makeRoutine({ steps, edges: chain(...steps) });
const routine = line(tool("look"), tool("book", "fetch_report"), endStep({ id: "done" }));
const fetchReport = () => ({ report: "ok" });

/** What the run service's DatabaseUnavailableError is to the engine: the run cannot go on now, through no fault of its own. */
const databaseAway = () => Object.assign(new Error("The database server cannot be reached."), { stopsRun: true });

/** Makes the store's commits fail while `away()` holds for a commit with these events, as a dropped connection does. */
function failCommitsWhile(h: Harness, away: (events: RunEventInput[]) => boolean): void {
  const commit = h.store.commit.bind(h.store);
  vi.spyOn(h.store, "commit").mockImplementation(async (runId, change, events) => {
    if (away(events)) throw databaseAway();
    return commit(runId, change, events);
  });
}

/** The run as stored: its status and each step run's state. */
function stored(h: Harness) {
  return {
    status: h.store.run(h.runId).snapshot.status,
    steps: h.store.steps(h.runId).map((step) => [step.stepId, step.state]),
  };
}

describe("a run whose database goes away in the middle of a step", () => {
  it("stops as stored when the tool call cannot be recorded, and finishes later calling each tool once", async () => {
    const h = harness({ routine, handlers: { fetch_report: fetchReport } });
    let away = true;
    failCommitsWhile(
      h,
      (events) => away && events.some((event) => event.type === "step.tool_call" && event.data.stepId === "book"),
    );

    await expect(h.execute()).rejects.toThrow("The database server cannot be reached.");
    expect(stored(h)).toEqual({
      status: "running",
      steps: [
        ["look", "succeeded"],
        ["book", "running"],
      ],
    });
    expect(dataOf(h.events(), "step.failed")).toEqual([]);

    away = false;
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.calls.map((call) => call.tool.name)).toEqual(["get_leave_balance", "fetch_report"]);
  });

  it("stops as stored when the tool port cannot read its registry, and calls the tool again once it can", async () => {
    let away = true;
    const h = harness({
      routine,
      handlers: {
        fetch_report: () => {
          if (away) throw databaseAway();
          return fetchReport();
        },
      },
    });

    await expect(h.execute()).rejects.toThrow("The database server cannot be reached.");
    expect(stored(h).status).toBe("running");
    expect(dataOf(h.events(), "step.failed")).toEqual([]);

    away = false;
    expect(await h.execute()).toBe("succeeded");
    const keys = h.tools.callsTo("fetch_report").map((call) => call.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
  });

  it("still fails the step on a port's own error, which is no reason to wait", async () => {
    const h = harness({
      routine,
      handlers: {
        fetch_report: () => {
          throw new Error("the reports archive is closed");
        },
      },
    });
    expect(await h.execute()).toBe("failed");
    expect(dataOf(h.events(), "step.failed")).toEqual([
      expect.objectContaining({ stepId: "book", error: "hr/fetch_report failed: the reports archive is closed" }),
    ]);
  });
});

describe("stopsRun", () => {
  it("tells an error that stops the run from one that fails the step", () => {
    expect(stopsRun(databaseAway())).toBe(true);
    expect(stopsRun(new Error("The database server cannot be reached."))).toBe(false);
    expect(stopsRun({ stopsRun: "yes" })).toBe(false);
    expect(stopsRun(null)).toBe(false);
  });
});
