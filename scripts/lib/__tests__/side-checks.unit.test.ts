import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runSideLanes, stopAll } from "../side-checks.mjs";
import { alive, waitFor } from "./processes";

const shell = (label: string, script: string) => ({ label, command: "sh", args: ["-c", script] });

describe("npm test's checks beside the suites", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "side-checks-"));
    vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterEach(() => {
    stopAll();
    vi.restoreAllMocks();
  });

  it("answers a failing check's exit code at once, starts nothing after it, and stopAll ends the other lane", async () => {
    const pidFile = path.join(dir, "pid");
    const after = path.join(dir, "after");
    const started = Date.now();
    const code = await runSideLanes([
      [shell("fails", "sleep 0.2; exit 3"), shell("after the failure", `touch ${after}`)],
      [shell("long", `echo $$ > ${pidFile}; exec sleep 30`)],
    ]);
    expect(code).toBe(3);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(existsSync(after)).toBe(false);
    // The other lane runs at the lowest priority: on a busy machine its shell may not have written its pid within the
    // failing check's 0.2 s. Wait for it; the lane must still be running when it has.
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", "the long check's pid");
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(alive(pid)).toBe(true);
    stopAll();
    await waitFor(() => !alive(pid), "the long check to end");
  });

  it("runs each lane's steps in order and answers 0 when all pass", async () => {
    const log = path.join(dir, "log");
    const code = await runSideLanes([
      [shell("one", `echo one >> ${log}`), shell("two", `echo two >> ${log}`)],
      [shell("other lane", "true")],
    ]);
    expect(code).toBe(0);
    expect(readFileSync(log, "utf8")).toBe("one\ntwo\n");
  });

  it("runs checks at the lowest priority, the session's own too where the kernel groups by session", async () => {
    const out = path.join(dir, "priority");
    // The session's priority is set just after the start: read it a moment later.
    await runSideLanes([
      [shell("priority", `sleep 0.3; ps -o ni= -p $$ > ${out}; cat /proc/self/autogroup >> ${out} 2>/dev/null; true`)],
    ]);
    const [nice, autogroup] = readFileSync(out, "utf8").split("\n");
    expect(nice.trim()).toBe("19");
    if (existsSync("/proc/self/autogroup")) expect(autogroup).toMatch(/nice 19$/);
  });
});
