import { describe, expect, it } from "vitest";
import {
  caseToolProblems,
  type ExpectedCall,
  testCaseContentSchema,
  type TestCaseContent,
} from "../../../evaluations/scoring";
import type { JsonValue, Routine } from "../../../routine";
import { callHrTool, createHrStore, type HrStore } from "../../hr-server";
import { demoCases } from "../demo-cases";
import { demoLibrary, type DemoRoutineKey } from "../demo-routines";

// The demo routines' test cases against the demo HR data itself: every expected call, made with the values the case
// accepts, is answered by the demo HR server's tools; the people, recipients and countries are the data's; and each
// case's branch is the one the data decides (the balance, the policy's certificate rule).

const library = demoLibrary();
const routineOf = (key: DemoRoutineKey) => library.find((entry) => entry.key === key)!.routine;
const toolNames = (routine: Routine) =>
  new Set(routine.steps.flatMap((step) => (step.kind === "tool" ? [step.tool.name] : [])));
const branchLabels = (routine: Routine) =>
  new Set(routine.edges.flatMap((edge) => (edge.condition ? [edge.condition.label] : [])));

/** The case as the Cases tab stores it: parsed by the case schema. */
function parsed(key: DemoRoutineKey): TestCaseContent[] {
  return demoCases(key).map((content) => testCaseContentSchema.parse(content));
}

/** The call with the first accepted value of every argument it must pass (free text gets a sentence). */
function argumentsOf(call: ExpectedCall): Record<string, JsonValue> {
  return Object.fromEntries(
    Object.entries(call.arguments)
      .filter(([, argument]) => !argument.optional)
      .map(([name, argument]) => [name, argument.accepted[0] ?? "Written by the demo case."]),
  );
}

/** Makes the call on the store; fails the test with the tool's message when it is refused. */
function answer(store: HrStore, call: ExpectedCall): Record<string, unknown> {
  const outcome = callHrTool(store, call.tool, argumentsOf(call));
  if (outcome.kind !== "result") throw new Error(`${call.tool} was refused: ${outcome.message}`);
  return outcome.result;
}

const accepted = (call: ExpectedCall, name: string) => call.arguments[name]?.accepted ?? [];
const calendarDays = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

describe.each(["annual_leave", "payslip", "sick_leave"] as const)("the demo cases of %s", (key) => {
  const routine = routineOf(key);
  const cases = parsed(key);

  it("are ten or more, named apart, each valid, naming only the routine's tools, inputs and branches", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((content) => content.name)).size).toBe(cases.length);
    const inputs = routine.inputs.map((param) => param.name).sort();
    for (const content of cases) {
      expect(caseToolProblems(content, toolNames(routine)), content.name).toEqual([]);
      expect(Object.keys(content.inputs).sort(), content.name).toEqual(inputs);
      expect(content.expectedPath.length, content.name).toBe(1);
      expect(branchLabels(routine).has(content.expectedPath[0]!), content.name).toBe(true);
    }
    // Both ways of the branch are covered.
    expect(new Set(cases.map((content) => content.expectedPath[0])).size).toBe(2);
  });

  it("are answered by the demo HR tools, with the data's people and recipients", () => {
    for (const content of cases) {
      const store = createHrStore();
      const [lookUp, ...rest] = content.expectedCalls;
      expect(lookUp!.tool).toBe("get_employee");
      const employee = answer(store, lookUp!) as { employee_id: string; email: string };
      expect(employee.employee_id).toBe(content.inputs.employee_id);
      const emails = rest.filter((call) => call.tool === "send_email_notification");
      expect(accepted(emails[0]!, "to"), content.name).toEqual([employee.employee_id, employee.email]);
      for (const call of rest) answer(store, call);
    }
  });
});

describe("the branch each demo case expects", () => {
  it("annual leave: booked when the balance covers the days asked for, declined when it is clearly short", () => {
    for (const content of parsed("annual_leave")) {
      const store = createHrStore();
      const { employee_id, start_date, end_date } = content.inputs as Record<string, string>;
      const balance = callHrTool(store, "get_leave_balance", { employee_id, leave_type: "annual" });
      if (balance.kind !== "result") throw new Error(`No balance for ${employee_id}`);
      const remaining = (balance.result as { balances: Array<{ remaining_days: number }> }).balances[0]!.remaining_days;
      const booked = callHrTool(store, "apply_leave", { employee_id, leave_type: "annual", start_date, end_date });
      if (content.expectedPath[0] === "Balance covers the request") {
        expect(booked.kind, content.name).toBe("result");
        // Counted in calendar days, it is covered all the same.
        expect(calendarDays(start_date, end_date), content.name).toBeLessThanOrEqual(remaining);
      } else {
        expect(booked, content.name).toMatchObject({ kind: "tool-error", message: /Not enough annual leave/ });
        expect(content.expectedCalls.map((call) => call.tool)).not.toContain("apply_leave");
      }
    }
  });

  it("sick leave: a certificate when the country's policy asks for one from a day the absence reaches", () => {
    for (const content of parsed("sick_leave")) {
      const store = createHrStore();
      const { start_date, end_date } = content.inputs as Record<string, string>;
      const employee = answer(store, content.expectedCalls[0]!) as {
        country: string;
        manager: { employee_id: string };
      };
      const policyCall = content.expectedCalls[1]!;
      expect(accepted(policyCall, "country"), content.name).toEqual([employee.country]);
      const policy = callHrTool(store, "get_leave_policy", { leave_type: "sick", country: employee.country });
      if (policy.kind !== "result") throw new Error(`No policy for ${employee.country}`);
      const fromDay = Math.min(
        ...(policy.result as { documents_required: string[] }).documents_required.flatMap((text) => {
          const day = /from the (\d+)(?:st|nd|rd|th)/.exec(text);
          return day ? [Number(day[1])] : [];
        }),
      );
      const needed = calendarDays(start_date, end_date) >= fromDay;
      expect(content.expectedPath, content.name).toEqual([needed ? "Certificate needed" : "No certificate needed"]);
      const manager = answer(store, {
        tool: "get_employee",
        arguments: { employee_id: { accepted: [employee.manager.employee_id], optional: false } },
      }) as { email: string };
      expect(accepted(content.expectedCalls[4]!, "to"), content.name).toEqual([
        employee.manager.employee_id,
        manager.email,
      ]);
    }
  });

  it("payslip: a certificate exactly when the request asks for one", () => {
    for (const content of parsed("payslip")) {
      const asked = /certificate/i.test(content.request);
      expect(content.expectedPath, content.name).toEqual([
        asked ? "Certificate requested" : "No certificate requested",
      ]);
      expect(
        content.expectedCalls.some((call) => call.tool === "generate_document"),
        content.name,
      ).toBe(asked);
    }
  });
});
