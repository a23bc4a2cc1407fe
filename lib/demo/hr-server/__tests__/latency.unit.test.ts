import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import { createToolLatency, type ToolDelay, type ToolLatency } from "../latency";
import { createDemoHrServer } from "../server";
import { createHrStore } from "../store";
import { IDEMPOTENCY_META_KEY } from "../tools";

const root = path.resolve(import.meta.dirname, "../../../..");
const SCRIPT = ["--import", "tsx", "scripts/demo-hr-server.ts"];

/** A latency whose delays are given and whose waits end only when the test says so. */
function heldLatency(delays: ToolDelay[]) {
  const waits: Array<{ ms: number; release: () => void }> = [];
  let waiting: (() => void) | null = null;
  const latency: ToolLatency = {
    next: () => delays.shift()!,
    wait: (ms) =>
      new Promise<void>((release) => {
        waits.push({ ms, release });
        waiting?.();
      }),
  };
  /** Resolves once a call is waiting (at once when one already is) and returns its wait. */
  const nextWait = () =>
    waits.length > 0
      ? Promise.resolve(waits.shift()!)
      : new Promise<{ ms: number; release: () => void }>((resolve) => {
          waiting = () => {
            waiting = null;
            resolve(waits.shift()!);
          };
        });
  return { latency, nextWait };
}

let client: Client | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  await client?.close();
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill();
    await once(child, "exit");
  }
});

/** Starts the script and resolves with the first line it prints on stdout (its "listening on" line). */
function firstLine(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  child = spawn(process.execPath, [...SCRIPT, ...args], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  const started = child;
  return new Promise((resolve, reject) => {
    let output = "";
    started.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve(output.split("\n")[0]!);
    });
    started.once("exit", (code) => reject(new Error(`The script exited (code ${code}) before printing a line.`)));
  });
}

describe("the demo HR server's tool latency", () => {
  it("draws delays from 0 to the maximum, half before and half after the call, the same ones for the same seed", () => {
    const draw = (seed: number) => {
      const latency = createToolLatency({ maxMs: 250, seed })!;
      return Array.from({ length: 400 }, () => latency.next());
    };
    const delays = draw(17);
    expect(draw(17)).toEqual(delays);
    expect(draw(18)).not.toEqual(delays);
    expect(delays.every(({ ms }) => Number.isInteger(ms) && ms >= 0 && ms <= 250)).toBe(true);
    // Spread over the whole range, not bunched at one end.
    expect(Math.min(...delays.map(({ ms }) => ms))).toBeLessThan(25);
    expect(Math.max(...delays.map(({ ms }) => ms))).toBeGreaterThan(225);
    const before = delays.filter(({ at }) => at === "before").length;
    expect(before).toBeGreaterThan(150);
    expect(before).toBeLessThan(250);
  });

  it("is off at 0 ms and refuses a negative or fractional maximum", () => {
    expect(createToolLatency({ maxMs: 0 })).toBeNull();
    expect(() => createToolLatency({ maxMs: -1 })).toThrow(/whole number/);
    expect(() => createToolLatency({ maxMs: 2.5 })).toThrow(/whole number/);
  });

  it("holds a side-effect call's answer after its side effect happened, or holds the call before it happens", async () => {
    const store = createHrStore();
    const { latency, nextWait } = heldLatency([
      { ms: 120, at: "after" },
      { ms: 80, at: "before" },
    ]);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createDemoHrServer(store, latency).connect(serverSide);
    client = new Client({ name: "latency-test", version: "1.0.0" });
    await client.connect(clientSide);
    const send = (key: string) =>
      client!.callTool({
        name: "send_email_notification",
        arguments: { to: "E1024", subject: "Booked", body: "Hello." },
        _meta: { [IDEMPOTENCY_META_KEY]: key },
      });
    const countOf = (key: string) => store.sideEffects.get(`send_email_notification\u0000${key}`)?.count ?? 0;

    const late = send("after");
    const afterWait = await nextWait();
    expect([afterWait.ms, countOf("after"), store.outbox.length]).toEqual([120, 1, 1]);
    afterWait.release();
    expect((await late).isError).toBeFalsy();

    const early = send("before");
    const beforeWait = await nextWait();
    expect([beforeWait.ms, countOf("before"), store.outbox.length]).toEqual([80, 0, 1]);
    beforeWait.release();
    expect((await early).isError).toBeFalsy();
    expect([countOf("before"), store.outbox.length]).toEqual([1, 2]);
  });

  it("is set by --latency-ms or DEMO_HR_LATENCY_MS on the script, which refuses a value that is not a number", async () => {
    const line = await firstLine(["--http", "--port", "0", "--latency-seed", "7"], {
      ...process.env,
      DEMO_HR_LATENCY_MS: "250",
    });
    expect(line).toMatch(/listening on http:\/\/\S+ \(tool calls delayed by up to 250 ms\)$/);
    const refused = await promisify(execFile)(process.execPath, [...SCRIPT, "--http", "--latency-ms", "soon"], {
      cwd: root,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining("--latency-ms must be a whole number") });
  }, 30_000);
});
