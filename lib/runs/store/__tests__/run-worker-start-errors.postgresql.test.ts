import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TEST_POSTGRES_ADMIN_URL } from "../../../db/testing/postgres-database";
import { RUN_WORKER_ARGS } from "../testing/worker-processes";

// Issue #17: `npm run worker` with a DATABASE_URL it cannot use stops at once and says what to fix in one sentence,
// instead of a stack trace. (A database that exists but is not migrated is not an error: the worker migrates it.)

type Exit = { code: number | null; stdout: string; stderr: string };

/** Runs the worker with `databaseUrl` until it exits (failing after `timeoutMs`, when it would be running instead). */
function startWorkerExpectingExit(databaseUrl: string, timeoutMs = 20_000): Promise<Exit> {
  const child = spawn(process.execPath, RUN_WORKER_ARGS, {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The worker was still running after ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      // Output still in the pipes arrives before "close".
      child.once("close", () => resolve({ code, stdout, stderr }));
    });
  });
}

/** The admin URL of the test server with another database name. */
function testServerDatabase(name: string): string {
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describe("the run worker started with a database it cannot use", () => {
  it("says no PostgreSQL server answers at the URL's host and port, and exits 1 without a stack trace", async () => {
    const exit = await startWorkerExpectingExit("postgresql://postgres@127.0.0.1:1/routine_studio");
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain("The run worker cannot start:");
    expect(exit.stderr).toContain("cannot reach the PostgreSQL server at 127.0.0.1:1");
    expect(exit.stderr).toContain("Check that it is running and that DATABASE_URL names the right host and port.");
    expect(exit.stderr).not.toContain("    at ");
    expect(exit.stdout).not.toMatch(/run worker \S+ started/);
  });

  it("says the database does not exist on the server and how to create it, and exits 1 without a stack trace", async () => {
    const name = `rs_missing_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const exit = await startWorkerExpectingExit(testServerDatabase(name));
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain(`the database "${name}" does not exist on the PostgreSQL server`);
    expect(exit.stderr).toContain(`CREATE DATABASE "${name}";`);
    expect(exit.stderr).not.toContain("    at ");
  });

  it("says which URL forms it accepts when DATABASE_URL names another kind of database", async () => {
    const exit = await startWorkerExpectingExit("mysql://worker@db.example/routine_studio");
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('DATABASE_URL must be a SQLite file URL such as "file:./data/routine-studio.db"');
    expect(exit.stderr).toContain('(got a "mysql:" URL)');
    expect(exit.stderr).not.toContain("    at ");
  });
});
