import { isFinished, type RunStatus } from "../../../events";
import type { Routine, Step } from "../../../routine";
import { toolKey } from "../../../tools";
import { loadRunSnapshot } from "../run-store";
import { readCurrentToolHashes } from "../../../db/tools";
import { registerDemoToolServer } from "../../../demo/seed";
import { makeRoutine } from "../../../db/testing/routine-factories";
import { publishedRoutine } from "./run-test-support";

const hr = (name: string) => ({ server: "hr", name });
const input = (name: string) => ({ from: "input" as const, name });
const literal = (value: string) => ({ from: "literal" as const, value });

/** Looks the employee of the run's input `employee_id` up (get_employee): the read most test routines start with. */
export const lookUp: Step = {
  id: "employee",
  kind: "tool",
  name: "Look up the employee",
  description: "",
  tool: hr("get_employee"),
  inputs: { employee_id: input("employee_id") },
  outputs: [{ name: "employee", description: "" }],
  requiresApproval: false,
};
/** Books the leave the inputs ask for: the side effect a crash must not repeat. */
export const bookLeave: Step = {
  id: "apply",
  kind: "tool",
  name: "Book the leave",
  description: "",
  tool: hr("apply_leave"),
  inputs: {
    employee_id: input("employee_id"),
    leave_type: literal("annual"),
    start_date: input("start_date"),
    end_date: input("end_date"),
  },
  outputs: [{ name: "request", description: "" }],
  requiresApproval: false,
};
/** A tool step that emails the employee (send_email_notification) with fixed text. */
export const emailStep = (id: string, name: string, subject: string, body: string): Step => ({
  id,
  kind: "tool",
  name,
  description: "",
  tool: hr("send_email_notification"),
  inputs: { to: input("employee_id"), subject: literal(subject), body: literal(body) },
  outputs: [{ name: "message", description: "" }],
  requiresApproval: false,
});
const notify = emailStep("notify", "Tell the employee", "Your leave is booked", "Enjoy your time off.");
const approve: Step = {
  id: "approve",
  kind: "human",
  name: "Manager approves",
  description: "",
  instruction: "Approve the booking.",
  form: [],
};
export const doneStep: Step = { id: "done", kind: "end", name: "Done", description: "" };

const INPUTS: Routine["inputs"] = [
  { name: "employee_id", description: "", type: "string", required: true },
  { name: "start_date", description: "", type: "string", required: true },
  { name: "end_date", description: "", type: "string", required: true },
];

/** A routine named `name` that runs `steps` one after the other on the leave inputs (see leaveInputs). */
export function leaveRoutineOf(name: string, steps: Step[]): Routine {
  return makeRoutine({
    name,
    inputs: INPUTS,
    steps,
    edges: steps.slice(1).map((step, index) => ({ id: `e${index}`, source: steps[index]!.id, target: step.id })),
  });
}

/** Books leave over the demo HR tools with every input bound (no model): look up, book (a side effect), notify. */
export function leaveRoutine(withApproval = false): Routine {
  return withApproval
    ? leaveRoutineOf("Book leave with approval", [lookUp, bookLeave, approve, notify, doneStep])
    : leaveRoutineOf("Book leave", [lookUp, bookLeave, notify, doneStep]);
}

/** Registers the demo HR server at `url` as "hr" and publishes `routine` pinned to its current tool schemas. */
export async function publishOverDemoHr(
  url: string,
  ownerId: string,
  routine: Routine,
): Promise<{ routineId: string; versionId: string }> {
  const refreshed = await registerDemoToolServer(url);
  if (!refreshed.ok) throw new Error(`The demo HR server could not be registered: ${refreshed.error}`);
  const current = await readCurrentToolHashes();
  const pins = Object.fromEntries(
    routine.steps.flatMap((step) =>
      step.kind === "tool" ? [[toolKey(step.tool), current.get(toolKey(step.tool))!]] : [],
    ),
  );
  return publishedRoutine({ ownerId, routine, toolHashes: pins });
}

let employee = 1100;
/** Inputs for a leave no other run books (each run takes another employee). */
export const leaveInputs = () => ({ employee_id: `E${++employee}`, start_date: "2025-08-04", end_date: "2025-08-08" });

/** Waits until the stored run is in `status`; fails at once, with the run's error, when it finished otherwise. */
export async function waitForStatus(runId: string, status: RunStatus, timeout = 15_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    const run = await loadRunSnapshot(runId);
    if (run?.status === status) return;
    if (run && isFinished(run.status)) {
      const failed = run.steps.find((step) => step.state === "failed");
      throw new Error(
        `The run finished as ${run.status}, not ${status}${failed ? ` (step ${failed.stepId}: ${failed.error})` : ""}.`,
      );
    }
    if (Date.now() > until)
      throw new Error(`The run is still ${run?.status ?? "missing"} after ${timeout} ms, not ${status}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
