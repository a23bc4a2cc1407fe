import type { ExpectedArgument, ExpectedCall, TestCaseContentInput } from "../../evaluations/scoring";
import type { JsonValue } from "../../routine";

// The building blocks of the demo routines' test cases: the people of the demo HR data they name, and the calls a
// correct run makes, with the argument values the checker accepts (BFCL's possible answers). Free text (a
// subject, a body) takes any value; what the routine fixes or the request says takes exactly that value.

/** A test case of a demo routine, as createTestCase takes it. */
export type DemoCase = TestCaseContentInput & { name: string; request: string; expectedPath: string[] };

/** An employee of the demo HR data (lib/demo/hr-server/data, DATASET_SEED): their ID and work email. */
export type Person = { id: string; email: string };

/** The employee `id` whose work email is `<local>@northwind-hr.example`. */
export const person = (id: string, local: string): Person => ({ id, email: `${local}@northwind-hr.example` });

/** An argument a call must pass, with one of `values`. */
export const exactly = (...values: JsonValue[]): ExpectedArgument => ({ accepted: values, optional: false });
/** An argument a call must pass, with any value (free text). */
export const anyText: ExpectedArgument = { accepted: [], optional: false };
/** An argument a call may leave out; when passed, one of `values` (any value when none are given). */
export const optional = (...values: JsonValue[]): ExpectedArgument => ({ accepted: values, optional: true });

/** get_employee for `who`. */
export const lookUp = (who: Person): ExpectedCall => ({
  tool: "get_employee",
  arguments: { employee_id: exactly(who.id) },
});

/** apply_leave of `leaveType` for `who` from `start` to `end` (whole days). */
export const applyLeave = (who: Person, leaveType: string, start: string, end: string): ExpectedCall => ({
  tool: "apply_leave",
  arguments: {
    employee_id: exactly(who.id),
    leave_type: exactly(leaveType),
    start_date: exactly(start),
    end_date: exactly(end),
    half_day: optional(false),
    reason: optional(),
  },
});

/** send_email_notification to `who`, by employee ID or email; subject and body are free text. */
export const emailTo = (who: Person): ExpectedCall => ({
  tool: "send_email_notification",
  arguments: { to: exactly(who.id, who.email), subject: anyText, body: anyText, cc: optional() },
});
