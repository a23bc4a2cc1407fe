import { describe, expect, it } from "vitest";
import { exportRoutineJson, renderRoutineText, type ToolDefinition } from "@/lib/routine";
import { makeRoutine } from "@/lib/routine/testing/factories";
import { LEAVE_REQUEST_TEXT } from "@/lib/routine/testing/paper-example";
import { downloadFileName, readImportedRoutine } from "./import-export";

const open = () => makeRoutine({ id: "open_routine", name: "The routine being edited" });

function routineOf(outcome: ReturnType<typeof readImportedRoutine>) {
  if (!outcome.ok) throw new Error(`expected the import to succeed: ${outcome.problems.join("; ")}`);
  return outcome.routine;
}

describe("readImportedRoutine", () => {
  it("reads a .json file as the routine's JSON, keeping the id of the routine being edited", () => {
    const exported = makeRoutine({ id: "someone_elses", name: "Imported" });
    const routine = routineOf(readImportedRoutine("Leave.JSON", exportRoutineJson(exported), open()));
    expect(routine.id).toBe("open_routine");
    expect(routine.name).toBe("Imported");
    expect(routine.steps.map((step) => step.id)).toEqual(exported.steps.map((step) => step.id));
  });

  it("reads JSON by its first character when the file name says nothing", () => {
    const text = `  \n${exportRoutineJson(makeRoutine({ name: "From the clipboard" }))}`;
    expect(routineOf(readImportedRoutine("routine.txt", text, open())).name).toBe("From the clipboard");
  });

  it("reads any other file as paper text", () => {
    const routine = routineOf(readImportedRoutine("leave.txt", LEAVE_REQUEST_TEXT, open()));
    expect(routine.id).toBe("open_routine");
    expect(routine.name).toBe("Apply for leave");
    expect(routine.steps.some((step) => step.kind === "branch")).toBe(true);
  });

  it("takes back what it exported as text", () => {
    const original = makeRoutine({ id: "open_routine" });
    const routine = routineOf(readImportedRoutine("export.txt", renderRoutineText(original), open()));
    expect(routine.steps.map((step) => [step.id, step.kind])).toEqual(
      original.steps.map((step) => [step.id, step.kind]),
    );
  });

  it("binds a plain line's input words to the parameters of the catalog's tool", () => {
    const tools: ToolDefinition[] = [
      {
        server: "hr",
        name: "get_leave_balance",
        description: "",
        inputSchema: { type: "object", properties: { employee_id: { type: "string" } }, required: ["employee_id"] },
      },
    ];
    const text =
      "Routine: Balance\nStep 1. Check: look up the balance, input employee id, using get_leave_balance tool;\n";
    const step = routineOf(readImportedRoutine("balance.txt", text, open(), tools)).steps[0];
    expect(step.kind).toBe("tool");
    expect(Object.keys("inputs" in step ? step.inputs : {})).toEqual(["employee_id"]);
  });

  it("lists each problem with its line and column", () => {
    const outcome = readImportedRoutine("broken.json", '{\n  "name": ', open());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.length).toBeGreaterThan(0);
    expect(outcome.problems.every((problem) => /^Line \d+, column \d+: .+/.test(problem))).toBe(true);
    expect(outcome.problems[0]).toMatch(/^Line 2,/);
  });
});

describe("downloadFileName", () => {
  it("saves under the routine's name with the format's extension", () => {
    expect(downloadFileName("Apply for leave", "json")).toBe("Apply for leave.json");
    expect(downloadFileName("Apply for leave", "text")).toBe("Apply for leave.txt");
  });

  it("drops characters a file name cannot safely hold", () => {
    expect(downloadFileName("  HR: leave/sick (v2)?  ", "json")).toBe("HR leavesick v2.json");
  });

  it("falls back to routine when nothing of the name is left", () => {
    expect(downloadFileName("休暇申請", "text")).toBe("routine.txt");
  });
});
