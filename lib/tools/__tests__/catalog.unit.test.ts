import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../routine";
import { groupByServer, searchTools } from "../catalog";

function makeTool(server: string, name: string, description = ""): ToolDefinition {
  return { server, name, description, inputSchema: { type: "object", properties: {}, required: [] } };
}

const TOOLS = [
  makeTool("hr", "get_leave_balance", "Remaining leave days of an employee."),
  makeTool("mail", "send_mail", "Send an email."),
  makeTool("hr", "apply_leave", "Submit a leave request."),
  makeTool("crm", "find_contact", "Look up a customer by email or phone."),
];

const names = (tools: ToolDefinition[]) => tools.map((tool) => tool.name);

describe("groupByServer", () => {
  it("groups by server, servers and tools sorted by name", () => {
    expect(groupByServer(TOOLS).map((group) => [group.server, names(group.tools)])).toEqual([
      ["crm", ["find_contact"]],
      ["hr", ["apply_leave", "get_leave_balance"]],
      ["mail", ["send_mail"]],
    ]);
  });

  it("returns no groups for no tools and leaves its input alone", () => {
    expect(groupByServer([])).toEqual([]);
    const before = names(TOOLS);
    groupByServer(TOOLS);
    expect(names(TOOLS)).toEqual(before);
  });
});

describe("searchTools", () => {
  it("returns every tool for an empty or blank query", () => {
    expect(searchTools(TOOLS, "")).toEqual(TOOLS);
    expect(searchTools(TOOLS, "   ")).toEqual(TOOLS);
  });

  it("matches names and descriptions regardless of case", () => {
    expect(names(searchTools(TOOLS, "SEND"))).toEqual(["send_mail"]);
    expect(names(searchTools(TOOLS, "Customer"))).toEqual(["find_contact"]);
  });

  it("needs every word to match and reads underscores as spaces", () => {
    expect(names(searchTools(TOOLS, "leave balance"))).toEqual(["get_leave_balance"]);
    expect(names(searchTools(TOOLS, "get_leave"))).toEqual(["get_leave_balance"]);
    expect(names(searchTools(TOOLS, "leave holiday"))).toEqual([]);
  });

  it("puts name matches before description matches", () => {
    expect(names(searchTools(TOOLS, "email"))).toEqual(["send_mail", "find_contact"]);
    expect(names(searchTools(TOOLS, "leave"))).toEqual(["get_leave_balance", "apply_leave"]);
    expect(names(searchTools(TOOLS, "mail"))).toEqual(["send_mail", "find_contact"]);
  });
});
