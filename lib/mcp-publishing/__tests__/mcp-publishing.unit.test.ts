import { describe, expect, it } from "vitest";
import { ROUTINE_SCHEMA_VERSION, routineSchema, type Routine, type Step } from "../../routine";
import {
  answerText,
  baseToolName,
  exposeRoutines,
  inputSchemaOf,
  isValidToolName,
  RUN_BY_REQUEST_TOOL,
  runCallResult,
  toolNamesFor,
  type PublishedRoutineFacts,
  type RunResult,
} from "..";

const tool = (id: string, name: string, extra: Partial<Step> = {}): Step =>
  ({
    id,
    kind: "tool",
    name: id,
    description: "",
    tool: { server: "hr", name },
    inputs: {},
    outputs: [],
    requiresApproval: false,
    ...extra,
  }) as Step;

function routine(name: string, steps: Step[], overrides: Partial<Routine> = {}): Routine {
  return routineSchema.parse({
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "r",
    name,
    description: "",
    steps,
    edges: [],
    ...overrides,
  });
}

let created = 0;
const facts = (value: Routine, overrides: Partial<PublishedRoutineFacts> = {}): PublishedRoutineFacts => ({
  routineId: `id-${value.name}`,
  versionId: "v",
  versionNumber: 2,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, ++created)),
  routine: value,
  hidden: false,
  ...overrides,
});

describe("tool names", () => {
  it("are the routine's name in snake_case, accents folded, valid for MCP", () => {
    expect(baseToolName("Apply for annual leave")).toBe("apply_for_annual_leave");
    expect(baseToolName("  Réserver  un congé — vite! ")).toBe("reserver_un_conge_vite");
    expect(baseToolName("请假")).toBe("");
    for (const name of toolNamesFor([{ routineId: "a", name: "请假", createdAt: new Date(0) }]).values()) {
      expect(name).toMatch(/^routine_[0-9a-f]{6}$/);
      expect(isValidToolName(name)).toBe(true);
    }
    expect(baseToolName("x".repeat(300)).length).toBeLessThanOrEqual(56);
  });

  it("stay unique and stable: the older routine keeps the plain name when another takes the same one", () => {
    const first = { routineId: "first", name: "Book leave", createdAt: new Date(1) };
    const alone = toolNamesFor([first]);
    const later = { routineId: "later", name: "Book  leave!", createdAt: new Date(2) };
    const both = toolNamesFor([later, first]);
    expect(both.get("first")).toBe(alone.get("first"));
    expect(both.get("first")).toBe("book_leave");
    expect(both.get("later")).toMatch(/^book_leave_[0-9a-f]{6}$/);
    // Same input, same answer: names never depend on the order routines are read in.
    expect(toolNamesFor([first, later])).toEqual(both);
  });

  it("never take the run_by_request tool's name", () => {
    const names = toolNamesFor([{ routineId: "x", name: "Run by request", createdAt: new Date(0) }]);
    expect(names.get("x")).not.toBe(RUN_BY_REQUEST_TOOL);
    expect(names.get("x")).toMatch(/^run_by_request_[0-9a-f]{6}$/);
  });
});

describe("input schemas", () => {
  it("turn declared inputs into a closed object schema with the required ones listed", () => {
    const result = inputSchemaOf([
      { name: "employee_id", description: "Who", type: "string", required: true },
      { name: "days", description: "", type: "integer", required: false },
    ]);
    expect(result).toEqual({
      ok: true,
      schema: {
        type: "object",
        properties: { employee_id: { type: "string", description: "Who" }, days: { type: "integer" } },
        required: ["employee_id"],
        additionalProperties: false,
      },
    });
  });

  it("refuse inputs that cannot be a schema, saying why", () => {
    const twice = inputSchemaOf([
      { name: "day", description: "", type: "string", required: true },
      { name: "day", description: "", type: "integer", required: true },
    ]);
    expect(twice).toEqual({ ok: false, reason: expect.stringMatching(/Two of its inputs are named "day"/) });
  });
});

describe("exposeRoutines", () => {
  const reads = new Map([
    ["hr/get_employee", "read_only" as const],
    ["hr/apply_leave", "writes" as const],
  ]);

  it("derives the hints from the tools the routine calls; unknown tools count as changing data", () => {
    const entries = exposeRoutines(
      [
        facts(routine("Look up", [tool("a", "get_employee")])),
        facts(routine("Book", [tool("a", "get_employee"), tool("b", "apply_leave")])),
        facts(routine("Mystery", [tool("a", "not_in_catalog")])),
      ],
      reads,
    );
    const byName = Object.fromEntries(entries.map((entry) => [entry.routineName, entry]));
    expect(byName["Look up"]!.tool!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.Book!.tool!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.Mystery!.readOnly).toBe(false);
  });

  it("describes the routine with its intents and says when it may wait for a person", () => {
    const human = {
      id: "h",
      kind: "human",
      name: "Approve",
      description: "",
      instruction: "",
      form: [],
    } as unknown as Step;
    const [entry] = exposeRoutines(
      [
        facts(
          routine("Payslip", [human], { description: "Answers payslip questions.", intents: ["Why is my pay lower?"] }),
        ),
      ],
      reads,
    );
    expect(entry!.tool!.description).toContain("Answers payslip questions.");
    expect(entry!.tool!.description).toContain("- Why is my pay lower?");
    expect(entry!.tool!.description).toContain("version 2");
    expect(entry!.waitsForPeople).toBe(true);
  });

  it("leaves out a routine whose inputs cannot be a schema, with the reason, and keeps hidden ones marked", () => {
    const bad = routine("Bad", [], {
      inputs: [
        { name: "x", description: "", type: "string", required: true },
        { name: "x", description: "", type: "string", required: true },
      ],
    });
    const entries = exposeRoutines([facts(bad), facts(routine("Shy", []), { hidden: true })], reads);
    expect(entries.find((entry) => entry.routineName === "Bad")).toMatchObject({
      tool: null,
      excludedReason: expect.stringMatching(/"x"/),
    });
    expect(entries.find((entry) => entry.routineName === "Shy")).toMatchObject({ hidden: true, toolName: "shy" });
  });
});

describe("a call's result", () => {
  const base: RunResult = {
    runId: "r1",
    status: "succeeded",
    routine: "Book leave",
    outputs: { answer: "Booked." },
    error: null,
    link: "https://app/runs/r1",
    waitingFor: null,
  };

  it("answers the run's answer and link, with the run as structured content", () => {
    const result = runCallResult(base);
    expect(result.isError).toBe(false);
    expect(result.content[0]!.text).toBe("Booked.\n\nRun r1 of “Book leave”: https://app/runs/r1");
    expect(result.structuredContent).toEqual(base);
  });

  it("marks a failed or cancelled run as an error so a model does not take it for an answer", () => {
    expect(runCallResult({ ...base, status: "failed", error: "HR is down", outputs: null })).toMatchObject({
      isError: true,
    });
    expect(runCallResult({ ...base, status: "failed", error: "HR is down" }).content[0]!.text).toMatch(
      /^The run failed: HR is down\./,
    );
    expect(runCallResult({ ...base, status: "cancelled" }).isError).toBe(true);
    // A stored error that ends its own sentence is not given a second full stop.
    expect(runCallResult({ ...base, status: "failed", error: "No model is configured." }).content[0]!.text).toMatch(
      /^The run failed: No model is configured\.\n/,
    );
  });

  it("says what a waiting run waits for", () => {
    const waiting = runCallResult({
      ...base,
      status: "waiting",
      outputs: null,
      waitingFor: {
        stepId: "s",
        stepName: "Confirm",
        kind: "form",
        instruction: "Check the dates.",
        fields: [{ name: "days", type: "integer", description: "", required: true }],
      },
    });
    expect(waiting.isError).toBe(false);
    expect(waiting.content[0]!.text).toMatch(
      /^The run is waiting at step “Confirm” for a person to fill in days\. Check the dates\./,
    );
  });

  it("shows one output as it is and several as JSON", () => {
    expect(answerText({ balance: 12 })).toBe("12");
    expect(answerText({ a: 1, b: "x" })).toBe(JSON.stringify({ a: 1, b: "x" }, null, 2));
    expect(answerText(null)).toMatch(/no outputs/);
  });
});
