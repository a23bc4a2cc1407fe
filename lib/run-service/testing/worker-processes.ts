import type { Routine } from "../../routine";
import { startNode, type Child } from "./child-process";
import { bookLeave, doneStep, emailStep, leaveRoutineOf } from "./demo-hr-runs";

/** `npm run worker` as tests start it: the standalone run worker, with the server-only hook and tsx. */
export const RUN_WORKER_ARGS = [
  "--import",
  "./scripts/lib/server-only.mjs",
  "--import",
  "tsx",
  "scripts/run-worker.ts",
];

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
