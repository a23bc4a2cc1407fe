// A server started for a test run ends with the run. Playwright starts the e2e server in a process group of its own
// (a shell running it) and stops that group when it ends normally; a Playwright that is killed (npm test stopping on
// a failed check, a CI timeout) cannot, and the server would hold its port with a stale database for the next run,
// which reuses a server it finds there. So the server watches the processes that started it. Linux (/proc); elsewhere
// it watches its parent only. Node built-ins only.
import { readFileSync } from "node:fs";

/** `[ppid, pgrp]` of a process from /proc, or null when it is gone or /proc is not there. */
function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (command) state ppid pgrp …": the command may hold spaces and parentheses, so read after the last ")".
    const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return [Number(ppid), Number(pgrp)];
  } catch {
    return null;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * Calls `onGone` once when the parent or the grandparent of this process has ended (checked every `intervalMs`).
 * The watch does not keep the process alive.
 */
export function whenStarterEnds(onGone, intervalMs = 1000) {
  const parent = process.ppid;
  const grandparent = statOf(parent)?.[0] ?? null;
  const watched = [parent, grandparent].filter((pid) => pid !== null && pid > 1);
  const timer = setInterval(() => {
    if (watched.every(alive)) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
}

/** Ends this process's whole process group (the shell Playwright started, this server and its children). */
export function endOwnProcessGroup(signal = "SIGTERM") {
  const group = statOf(process.pid)?.[1];
  if (group && group > 1) process.kill(-group, signal);
  else process.exit(1);
}
