import { readdirSync, readFileSync } from "node:fs";

// Where the machine's CPU went during a batch, read from Linux's /proc: the worker processes, the web server,
// PostgreSQL's backends for the bench database, the instant MCP server's process, this process (queueing, SSE clients) and
// everything else on the machine. On 2 cores these all compete, so the split says what more cores would relieve.

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export type CpuRole = "workers" | "webServer" | "postgres" | "tools" | "bench";

/** CPU used over a span, in cores (CPU seconds per wall-clock second): 2 means two cores busy the whole time. */
export type CpuUse = Record<CpuRole | "other" | "machine", number> & { idle: number };

type Snapshot = { at: number; machineBusy: number; machineIdle: number; byPid: Map<number, [CpuRole, number]> };

const readText = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null; // the process ended between listing and reading
  }
};

/** Busy and idle ticks of all cores since boot (/proc/stat's first line; iowait counts as idle). */
function machineTicks(): { busy: number; idle: number } {
  const fields = readText("/proc/stat")!.split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + fields[4]!;
  return { busy: fields.reduce((sum, value) => sum + value, 0) - idle, idle };
}

function roleOf(pid: number, commandLine: string, database: string): CpuRole | null {
  if (pid === process.pid) return "bench";
  if (commandLine.includes("scripts/worker.mjs")) return "workers";
  if (commandLine.includes("bench/workers/tool-server-process.ts")) return "tools";
  if (/next-server|next start/.test(commandLine)) return "webServer";
  if (commandLine.startsWith("postgres: ") && commandLine.includes(` ${database} `)) return "postgres";
  return null;
}

function snapshot(database: string): Snapshot {
  const byPid = new Map<number, [CpuRole, number]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const commandLine = readText(`/proc/${pid}/cmdline`)?.replaceAll("\0", " ") ?? "";
    const role = roleOf(pid, commandLine, database);
    const stat = role && readText(`/proc/${pid}/stat`);
    if (!role || !stat) continue;
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th of them.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    byPid.set(pid, [role, Number(fields[11]) + Number(fields[12])]);
  }
  const machine = machineTicks();
  return { at: Date.now(), machineBusy: machine.busy, machineIdle: machine.idle, byPid };
}

/**
 * Starts measuring; the returned function ends the span and says how many cores each role used on average.
 * Null where /proc is missing (not Linux): the benchmark then reports no CPU split.
 */
export function measureCpu(database: string): (() => CpuUse) | null {
  if (process.platform !== "linux") return null;
  const start = snapshot(database);
  return () => {
    const end = snapshot(database);
    const seconds = (end.at - start.at) / 1000;
    const cores = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100) / 100;
    const ticks: Record<CpuRole, number> = { workers: 0, webServer: 0, postgres: 0, tools: 0, bench: 0 };
    for (const [pid, [role, total]] of end.byPid) ticks[role] += total - (start.byPid.get(pid)?.[1] ?? 0);
    const busy = end.machineBusy - start.machineBusy;
    const known = Object.values(ticks).reduce((sum, value) => sum + value, 0);
    return {
      machine: cores(busy),
      idle: cores(end.machineIdle - start.machineIdle),
      workers: cores(ticks.workers),
      webServer: cores(ticks.webServer),
      postgres: cores(ticks.postgres),
      tools: cores(ticks.tools),
      bench: cores(ticks.bench),
      other: cores(Math.max(0, busy - known)),
    };
  };
}
