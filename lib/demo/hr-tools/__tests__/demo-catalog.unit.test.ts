import { describe, expect, it } from "vitest";
import {
  type Binding,
  identifierSchema,
  lookupFromList,
  PARAM_TYPES,
  type Routine,
  ROUTINE_SCHEMA_VERSION,
  type Step,
  validateRoutine,
} from "../../../routine";
import { DEMO_HR_SERVER, DEMO_HR_TOOLS, demoToolCatalog } from "../demo-catalog";

/** Tools other code and the later MCP server rely on by name. */
const PROMISED_TOOLS = [
  "get_employee",
  "search_employees",
  "get_department",
  "get_org_chart",
  "get_manager_chain",
  "check_permission",
  "get_leave_balance",
  "get_leave_policy",
  "apply_leave",
  "cancel_leave",
  "get_attendance",
  "get_overtime",
  "get_payroll_summary",
  "get_payslip",
  "get_performance_reviews",
  "get_goals",
  "list_trainings",
  "enroll_training",
  "get_headcount_report",
  "get_expense_claim_status",
  "generate_document",
  "send_email_notification",
];

describe("the demo HR catalog", () => {
  it("holds 25 uniquely named tools on the hr server, the paper's study size", () => {
    expect(DEMO_HR_TOOLS).toHaveLength(25);
    expect(new Set(DEMO_HR_TOOLS.map((tool) => tool.name)).size).toBe(25);
    expect(DEMO_HR_TOOLS.every((tool) => tool.server === DEMO_HR_SERVER && DEMO_HR_SERVER === "hr")).toBe(true);
    expect(DEMO_HR_TOOLS.map((tool) => tool.name)).toEqual(expect.arrayContaining(PROMISED_TOOLS));
  });

  it.each(DEMO_HR_TOOLS.map((tool) => [tool.name, tool] as const))(
    "%s has a one-line description and a well-formed input schema",
    (name, tool) => {
      expect(name).toMatch(/^[a-z][a-z_]*[a-z]$/);
      expect(tool.description).toMatch(/^[A-Z][^\n]{10,160}\.$/);
      const { type, properties = {}, required = [] } = tool.inputSchema;
      expect(type).toBe("object");
      expect(Object.keys(properties).length).toBeGreaterThan(0);
      for (const [param, property] of Object.entries(properties)) {
        expect(identifierSchema.safeParse(param).success, `${param} must be a binding name`).toBe(true);
        expect(PARAM_TYPES).toContain(property.type);
        expect(property.description).toMatch(/^[A-Z].*\.$/);
      }
      expect(new Set(required).size).toBe(required.length);
      for (const param of required) expect(Object.keys(properties)).toContain(param);
    },
  );

  it("lists copies of the tools, so callers cannot change the catalog", async () => {
    const listed = await demoToolCatalog.listTools();
    expect(listed).toEqual(DEMO_HR_TOOLS);
    listed[0].name = "changed";
    expect((await demoToolCatalog.listTools())[0].name).not.toBe("changed");
  });

  it("validates the paper's leave routine against the demo tools", () => {
    const tool = (
      id: string,
      name: string,
      tool: string,
      inputs: Record<string, Binding>,
      outputs: string[] = [],
    ): Step => ({
      ...{ id, name, description: "", kind: "tool", tool: { server: "hr", name: tool }, inputs },
      ...{ outputs: outputs.map((output) => ({ name: output, description: "" })), requiresApproval: false },
    });
    const employee: Binding = { from: "input", name: "employee_id" };
    const routine: Routine = {
      ...{
        schemaVersion: ROUTINE_SCHEMA_VERSION,
        id: "annual-leave",
        name: "Annual leave",
        description: "",
        intents: [],
        stages: [],
      },
      inputs: [{ name: "employee_id", description: "", type: "string", required: true }],
      steps: [
        tool("balance", "Check balance", "get_leave_balance", { employee_id: employee }, ["days"]),
        { id: "enough", name: "Eligibility", description: "", kind: "branch" },
        tool("apply", "Apply", "apply_leave", {
          ...{ employee_id: employee, leave_type: { from: "literal", value: "annual" } },
          ...{ start_date: { from: "model", hint: "" }, end_date: { from: "model", hint: "" } },
        }),
        tool("reject", "Reject", "send_email_notification", {
          ...{ to: employee, subject: { from: "literal", value: "Your leave request" } },
          body: { from: "step", stepId: "balance", path: "days" },
        }),
        { id: "done", name: "Done", description: "", kind: "end" },
      ],
      edges: [
        { id: "e1", source: "balance", target: "enough" },
        { id: "e2", source: "enough", target: "apply", condition: { label: "Balance covers the request" } },
        { id: "e3", source: "enough", target: "reject", condition: { label: "Balance too low" } },
        { id: "e4", source: "apply", target: "done" },
        { id: "e5", source: "reject", target: "done" },
      ],
    };
    expect(validateRoutine(routine, { tools: lookupFromList(DEMO_HR_TOOLS) })).toEqual([]);
  });
});
