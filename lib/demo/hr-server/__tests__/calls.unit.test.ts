import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_HR_TOOLS } from "../../hr-tools";
import { createHrStore, type HrStore } from "../store";
import { IDEMPOTENCY_META_KEY, callHrTool, listHrTools } from "../tools";
import { call, callError } from "./helpers";

let store: HrStore;
beforeEach(() => {
  store = createHrStore();
});

const leave = { employee_id: "E1024", leave_type: "annual", start_date: "2025-08-04", end_date: "2025-08-08" };
const email = { to: "E1024", subject: "Leave filed", body: "Your request is in." };
const key = (value: string) => ({ [IDEMPOTENCY_META_KEY]: value });

describe("idempotency keys", () => {
  it("the same key twice files one leave request and answers the first result again", () => {
    const first = callHrTool(store, "apply_leave", leave, key("k-1"));
    const second = callHrTool(store, "apply_leave", leave, key("k-1"));
    expect(first).toMatchObject({ kind: "result", replayed: false });
    expect(second).toMatchObject({ kind: "result", replayed: true });
    expect(second.kind === "result" && second.result).toEqual(first.kind === "result" && first.result);
    expect(
      [...store.leaveRequests.values()].filter(
        (request) => request.employeeId === "E1024" && request.startDate === "2025-08-04",
      ),
    ).toHaveLength(1);
  });

  it("the same key twice records one email; different keys record two", () => {
    call(store, "send_email_notification", email, key("mail-1"));
    call(store, "send_email_notification", email, key("mail-1"));
    expect(store.outbox).toHaveLength(1);
    call(store, "send_email_notification", email, key("mail-2"));
    expect(store.outbox).toHaveLength(2);
  });

  it("without a key every call is a new side effect", () => {
    call(store, "send_email_notification", email);
    call(store, "send_email_notification", email);
    expect(store.outbox).toHaveLength(2);
  });

  it("different keys file different requests (the second one then overlaps the first)", () => {
    call(store, "apply_leave", leave, key("a"));
    expect(callError(store, "apply_leave", leave, key("b"))).toMatch(/Overlaps leave request/);
  });

  it("a key reused with other arguments is refused, and keys are per tool", () => {
    call(store, "send_email_notification", email, key("k"));
    expect(callError(store, "send_email_notification", { ...email, subject: "Other" }, key("k"))).toMatch(
      /already used for a send_email_notification call with other arguments/,
    );
    expect(call(store, "apply_leave", leave, key("k")).status).toBe("pending");
  });

  it("also accepts the key as an idempotency_key argument, and refuses two different keys", () => {
    call(store, "send_email_notification", { ...email, idempotency_key: "arg-1" });
    call(store, "send_email_notification", { ...email, idempotency_key: "arg-1" });
    expect(store.outbox).toHaveLength(1);
    expect(callError(store, "send_email_notification", { ...email, idempotency_key: "x" }, key("y"))).toMatch(
      /Two different idempotency keys/,
    );
  });

  it("a failed call is not remembered, so it can be retried under the same key", () => {
    expect(callError(store, "apply_leave", { ...leave, employee_id: "E9999" }, key("retry"))).toMatch(
      /Unknown employee/,
    );
    expect(call(store, "apply_leave", leave, key("retry")).status).toBe("pending");
  });
});

describe("argument validation", () => {
  it("answers wrong types, missing and unknown arguments with one clear message", () => {
    expect(callError(store, "get_org_chart", { department_id: "D-ENG", depth: "2" })).toBe(
      'Invalid arguments for get_org_chart: argument "depth" must be integer (got "2").',
    );
    expect(callError(store, "apply_leave", { employee_id: "E1024" })).toMatch(
      /missing required argument "leave_type".*missing required argument "start_date".*missing required argument "end_date"/,
    );
    expect(callError(store, "get_employee", { employee_id: "E1024", employeeId: "E1024" })).toMatch(
      /unknown argument "employeeId" \(get_employee takes: employee_id\)/,
    );
    expect(callError(store, "send_email_notification", { ...email, cc: "E1000" })).toMatch(
      /argument "cc" must be array/,
    );
    expect(callHrTool(store, "get_employee", ["E1024"])).toEqual({
      kind: "tool-error",
      message: "Invalid arguments for get_employee: arguments must be an object.",
    });
  });

  it("reports an unknown tool as such, not as a tool error", () => {
    expect(callHrTool(store, "fire_employee", {})).toMatchObject({
      kind: "unknown-tool",
      message: expect.stringMatching(/Unknown tool: fire_employee/),
    });
  });
});

describe("the tool list", () => {
  it("serves exactly the catalog's names, descriptions and input schemas, with hints", () => {
    const listed = listHrTools();
    expect(listed.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))).toEqual(
      DEMO_HR_TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
    );
    const hints = Object.fromEntries(listed.map((tool) => [tool.name, tool.annotations]));
    expect(hints.get_employee.readOnlyHint).toBe(true);
    expect(hints.cancel_leave).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(hints.apply_leave).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(
      listed
        .filter((tool) => tool.outputSchema)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(["apply_leave", "get_employee", "get_leave_balance", "send_email_notification"]);
  });
});
