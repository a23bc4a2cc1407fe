import type { Routine } from "../../../routine";
import { startNode, type Child } from "./child-process";
import { bookLeave, doneStep, emailStep, leaveRoutineOf } from "./demo-hr-runs";

/** `npm run worker` as tests start it: the standalone run worker, bundled (scripts/worker.mjs). */
export const RUN_WORKER_ARGS = ["scripts/worker.mjs"];

/** Starts a run worker process; resolves once it says it started (match[1] is its lease owner id). */
export function startWorkerProcess(env: NodeJS.ProcessEnv): Promise<Child> {
  return startNode(RUN_WORKER_ARGS, env, /run worker (\S+) started/);
}

const email = (id: string, subject: string) => emailStep(id, `Email: ${subject}`, subject, subject);

/** A leave booking between two emails (three side effects), over the demo HR server: the worker tests' routine. */
export function bookingWithEmails(name: string): Routine {
  return leaveRoutineOf(name, [
    email("received", "We received your leave request"),
    bookLeave,
    email("booked", "Your leave is booked"),
    doneStep,
  ]);
}

/** The side-effect steps of bookingWithEmails (and the chaos test's routine) and their tools: each must happen once. */
export const BOOKING_SIDE_EFFECTS: ReadonlyMap<string, string> = new Map([
  ["received", "send_email_notification"],
  ["apply", "apply_leave"],
  ["booked", "send_email_notification"],
]);

/** The demo HR server over HTTP on a free port, as a child process; `match[1]` is its URL. */
export function startDemoHrProcess(extraArgs: string[] = []): Promise<Child> {
  return startNode(
    ["--import", "tsx", "scripts/demo-hr-server.ts", "--http", "--port", "0", ...extraArgs],
    process.env,
    /listening on (http:\/\/\S+)/,
  );
}

/** What the demo server reports: how often each side effect really ran, by idempotency key. */
export async function sideEffectCounts(demoUrl: string): Promise<Map<string, number>> {
  const response = await fetch(new URL("/debug/side-effects", demoUrl));
  const { sideEffects } = (await response.json()) as { sideEffects: Array<{ idempotencyKey: string; count: number }> };
  return new Map(sideEffects.map((entry) => [entry.idempotencyKey, entry.count]));
}
