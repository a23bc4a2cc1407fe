import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/request-context";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../demo/hr-server";
import { seedDatabase } from "../../demo/seed";
import type { Routine, Step } from "../../routine";
import { bookLeave, lookUp, publishOverDemoHr } from "../../runs/store/testing/demo-hr-runs";
import { makeRoutine } from "../testing/routine-factories";
import { prisma, ValidationError } from "../core";
import { createTestCase, exportTestCases, importTestCases, updateTestCase } from "../evals";
import { as, demoUserId } from "../testing/review-test-support";

// Order-free call groups through the DAL (issue #32): a group is saved and exported as written; a group whose calls
// run on different arms of one branch (they can never be made in one turn) is refused on create, edit and import,
// with the reason beside the expected calls, and nothing is saved.

let hr: DemoHrHttpServer;
let routineId: string;

const readBalance: Step = {
  id: "balance",
  kind: "tool",
  name: "Read the balance",
  description: "",
  tool: { server: "hr", name: "get_leave_balance" },
  inputs: { employee_id: { from: "input", name: "employee_id" }, leave_type: { from: "literal", value: "annual" } },
  outputs: [{ name: "balance", description: "" }],
  requiresApproval: false,
};

/** Look the employee up, then either book the leave or read the balance: two arms with a tool of their own each. */
function branchedRoutine(): Routine {
  const base = makeRoutine();
  return {
    ...base,
    name: "Book or explain",
    inputs: ["employee_id", "start_date", "end_date"].map((name) => ({
      name,
      description: "",
      type: "string" as const,
      required: true,
    })),
    steps: [
      lookUp,
      { id: "decide", kind: "branch", name: "Book it?", description: "" },
      bookLeave,
      readBalance,
      { id: "done", kind: "end", name: "Done", description: "" },
    ],
    edges: [
      { id: "e1", source: "employee", target: "decide" },
      { id: "e2", source: "decide", target: "apply", condition: { label: "book" } },
      { id: "e3", source: "decide", target: "balance", condition: { label: "explain" } },
      { id: "e4", source: "apply", target: "done" },
      { id: "e5", source: "balance", target: "done" },
    ],
  };
}

const call = (tool: string, group?: string) => ({ tool, arguments: {}, ...(group ? { group } : {}) });
const caseOf = (name: string, calls: ReturnType<typeof call>[]) => ({
  name,
  request: `${name}, please`,
  inputs: {},
  expectedCalls: calls,
});
const count = () => prisma.testCase.count({ where: { routineId } });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  ({ routineId } = await publishOverDemoHr(hr.url, await demoUserId("author"), branchedRoutine()));
});
afterAll(() => hr.close());

describe("order-free call groups", () => {
  it("saves and exports a group of calls that may run in one turn", async () => {
    await as("author");
    const { id } = await createTestCase(
      signedIn(),
      routineId,
      caseOf("Look up and book", [call("get_employee", "g1"), call("apply_leave", "g1")]),
    );
    const exported = await exportTestCases(signedIn(), routineId);
    const line = exported.split("\n").find((text) => text.includes("Look up and book"))!;
    expect(JSON.parse(line).expectedCalls.map((one: { group?: string }) => one.group)).toEqual(["g1", "g1"]);
    await prisma.testCase.delete({ where: { id } });
  });

  it("refuses a group that spans the branch's arms on create, edit and import, and saves nothing", async () => {
    await as("author");
    const before = await count();
    const spanning = caseOf("Book and explain", [call("apply_leave", "g1"), call("get_leave_balance", "g1")]);
    const error = await createTestCase(signedIn(), routineId, spanning).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors.expectedCalls?.[0]).toMatch(
      /^Calls 1 and 2 are in one group but their tools run on different branches of "Book it\?"/,
    );
    expect(await count()).toBe(before);

    const { id } = await createTestCase(signedIn(), routineId, caseOf("Book", [call("apply_leave")]));
    await expect(updateTestCase(signedIn(), id, spanning)).rejects.toBeInstanceOf(ValidationError);
    expect((await prisma.testCase.findUniqueOrThrow({ where: { id } })).name).toBe("Book");

    const imported = await importTestCases(
      signedIn(),
      routineId,
      [JSON.stringify(caseOf("Fine", [call("get_employee")])), JSON.stringify(spanning)].join("\n"),
    );
    expect(imported).toMatchObject({ ok: false });
    expect(await count()).toBe(before + 1);
  });
});
