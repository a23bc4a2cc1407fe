import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { alive, waitFor } from "./processes";

// The e2e server's watch on the process that started it: a Playwright killed mid-run must not leave the server
// holding its port for the next run.

const watchModule = pathToFileURL(path.resolve("scripts/lib/orphan-watch.mjs")).href;

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});

/** A "starter" (as Playwright) in a process group of its own, running a "server" that watches it. */
function starterWithServer(dir: string) {
  const serverScript = `
    const fs = await import("node:fs");
    const { whenStarterEnds, endOwnProcessGroup } = await import(${JSON.stringify(watchModule)});
    fs.writeFileSync(${JSON.stringify(path.join(dir, "server.pid"))}, String(process.pid));
    whenStarterEnds(() => { fs.writeFileSync(${JSON.stringify(path.join(dir, "gone"))}, "1"); endOwnProcessGroup(); }, 50);
    setInterval(() => {}, 1000);`;
  const starterScript = `
    const { spawn } = await import("node:child_process");
    spawn(process.execPath, ["--input-type=module", "-e", ${JSON.stringify(serverScript)}], { stdio: "ignore" });
    setInterval(() => {}, 1000);`;
  const starter = spawn(process.execPath, ["--input-type=module", "-e", starterScript], {
    detached: true,
    stdio: "ignore",
  });
  started.push(starter.pid!);
  return starter.pid!;
}

describe("the e2e server's watch on its starter", () => {
  it("keeps the server while its starter lives, and ends it with its process group once the starter is killed", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "orphan-watch-"));
    const starter = starterWithServer(dir);
    const pidFile = path.join(dir, "server.pid");
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "", "the server to start", 200);
    const server = Number(readFileSync(pidFile, "utf8"));
    started.push(server);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(server)).toBe(true);
    expect(existsSync(path.join(dir, "gone"))).toBe(false);

    process.kill(starter, "SIGKILL");
    await waitFor(() => !alive(server), "the server to end", 200);
    expect(existsSync(path.join(dir, "gone"))).toBe(true);
  });
});
