// `npm test`'s scheduling. The timed suites (vitest, then Playwright) run one after the other in the foreground at
// normal priority; the checks that only need CPU time (production build, type check, lint, module boundaries,
// formatting) run beside them at the lowest priority (nice 19): they take the cores the suites leave idle and give
// them back at once when a suite wants them, so the suites' timeouts see no extra load (docs/decisions/0041).
// Node built-ins only: this runs before `npm install`.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { root, secondsSince } from "./prepare.mjs";

/** Every command still running, as a process group: a failure or Ctrl-C also ends the children npx starts. */
const running = new Set();

/** Ends every command still running (their whole process groups). */
export function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  running.clear();
}

/** Ctrl-C or a CI's SIGTERM ends every command too (they run in process groups of their own, out of its reach). */
export function stopAllOnSignals() {
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, () => {
      stopAll();
      process.exit(130);
    });
}

function start(command, args, env, stdio) {
  // Its own process group (detached), so stopAll() reaches its children; stdio stays ours.
  const child = spawn(command, args, { cwd: root, env, stdio, detached: true });
  running.add(child);
  child.on("close", () => running.delete(child));
  return child;
}

/**
 * A timed suite in the foreground: its output streams, the event loop keeps reading the side checks meanwhile.
 * Answers its exit code (0: passed).
 */
export function runInForeground(label, command, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = start(command, args, env, "inherit");
    child.on("error", (error) => console.error(error.message));
    child.on("close", (code) => {
      console.log(code === 0 ? `✔ ${label} (${secondsSince(started)})` : `✖ ${label} failed (exit code ${code})`);
      resolve(code ?? 1);
    });
  });
}

/**
 * One side check at nice 19 with its output held back (printed whole if it fails, so nothing interleaves with
 * the suite in the foreground). Answers its exit code.
 * @param {{ label: string, command: string, args: string[], env?: NodeJS.ProcessEnv }} step
 */
export function runSideCheck(step) {
  console.log(`▷ ${step.label} (beside the tests, low priority)`);
  const started = Date.now();
  return new Promise((resolve) => {
    const output = [];
    const child = start("nice", ["-n", "19", step.command, ...step.args], step.env ?? process.env, [
      "ignore",
      "pipe",
      "pipe",
    ]);
    lowerSessionPriority(child.pid);
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      if (code !== 0 && text) console.log(`\n── ${step.label} ──\n${text}`);
      console.log(code === 0 ? `✔ ${step.label} (${secondsSince(started)})` : `✖ ${step.label} failed`);
      resolve(code ?? 1);
    });
  });
}

/**
 * With Linux's autogroup scheduling (the default on desktop and Debian kernels) a process's nice value only ranks
 * it within its session, and every session gets an equal share of the CPU: a detached child starts a session of
 * its own, where nice 19 alone changed nothing (vitest took 497 s instead of 296 s beside a "niced" build). The
 * session's own priority is set here too.
 */
function lowerSessionPriority(pid) {
  const file = `/proc/${pid}/autogroup`;
  if (!pid || !existsSync(file)) return;
  try {
    writeFileSync(file, "19");
  } catch {
    // Not allowed here: the check then competes as a session of its own, slower for the suites but still correct.
  }
}

/**
 * Each lane's steps one after another, the lanes side by side. Answers 0 once every step passed, or the first
 * failing step's exit code as soon as it fails (the other lanes are not waited for, and start no more steps).
 * @param {Array<Array<{ label: string, command: string, args: string[], env?: NodeJS.ProcessEnv }>>} lanes
 */
export function runSideLanes(lanes) {
  let failed = 0;
  return new Promise((resolve) => {
    const runLane = async (lane) => {
      for (const step of lane) {
        if (failed) return;
        const code = await runSideCheck(step);
        if (code !== 0 && !failed) {
          failed = code;
          resolve(code);
        }
      }
    };
    Promise.all(lanes.map(runLane)).then(() => resolve(failed));
  });
}
