// What the tests of npm test's process handling share: whether a process is still there, and a bounded wait.

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds, looking every 50 ms for up to `tries` times; throws naming `what` after. */
export async function waitFor(check: () => boolean, what: string, tries = 100): Promise<void> {
  for (let tried = 0; tried < tries; tried += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
