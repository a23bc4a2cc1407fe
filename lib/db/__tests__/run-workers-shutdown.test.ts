import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sharedToolGateway } from "../../tool-gateway";
import { prisma } from "../core";
import { loadRunSnapshot } from "../../run-service";
import { startRun } from "../runs";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId } from "../testing/review-test-support";
import { stopChild, type Child } from "../../run-service/testing/child-process";
import { leaveInputs, publishOverDemoHr, waitForStatus } from "../../run-service/testing/demo-hr-runs";
import {
  bookingWithEmails,
  sideEffectCounts,
  startDemoHrProcess,
  startWorkerProcess,
} from "../../run-service/testing/worker-processes";
import { signedIn } from "../../../test/request-context";

// `npm run worker` stopped with SIGTERM while a step is in flight: the step finishes, the run is handed back
// between steps, the process exits 0 and says it stopped, and the next worker finishes the run with nothing done twice.

const workerEnv: NodeJS.ProcessEnv = {
  ...process.env,
  RUN_POLL_MS: "100",
  RUN_LEASE_MS: "60000",
  RUN_HEARTBEAT_MS: "200",
  RUN_SHUTDOWN_GRACE_MS: "60000",
  RUN_WORKER_CONCURRENCY: "2",
};
const startWorker = () => startWorkerProcess(workerEnv);

const routine = bookingWithEmails("Book leave, then stop the worker");

/**
 * An HTTP proxy in front of the demo MCP server that can delay the answer of one tool's calls until released: the
 * call reaches the server (its side effect happens), the worker waits for the answer. Logs every tool call's key.
 */
async function startGateProxy(upstream: string) {
  const target = new URL(upstream);
  const keys: string[] = [];
  let gate: { tool: string; arrived: () => void; opened: Promise<void> } | null = null;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const call = toolCall(body);
    if (call?.key) keys.push(call.key);
    const held = call && gate?.tool === call.tool ? gate : null;
    const upstreamRequest = forward(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const pass = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (!held) return pass();
        held.arrived();
        void held.opened.then(pass);
      },
    );
    upstreamRequest.on("error", () => res.destroy());
    upstreamRequest.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname}`,
    keys,
    /** Holds the answers of `tool`'s calls; `reached` resolves when the server has answered one. */
    hold(tool: string) {
      let arrived!: () => void;
      let open!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { tool, arrived, opened };
      return { reached, release: () => ((gate = null), open()) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function toolCall(body: Buffer): { tool: string; key: string | null } | null {
  try {
    const message = JSON.parse(body.toString("utf8")) as {
      method?: string;
      params?: { name?: string; _meta?: Record<string, unknown> };
    };
    if (message.method !== "tools/call") return null;
    const key = message.params?._meta?.["io.routine-studio/idempotency-key"];
    return { tool: String(message.params?.name), key: typeof key === "string" ? key : null };
  } catch {
    return null;
  }
}

let demo: Child;
let proxy: Awaited<ReturnType<typeof startGateProxy>>;
const workers: Child[] = [];

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  demo = await startDemoHrProcess();
  proxy = await startGateProxy(demo.match[1]!);
  await publishOverDemoHr(proxy.url, await demoUserId("author"), routine);
}, 60_000);

afterAll(async () => {
  for (const worker of workers) await stopChild(worker, "SIGKILL");
  await stopChild(demo);
  await proxy?.close();
  await sharedToolGateway().close();
});

const sideEffects = () => sideEffectCounts(demo.match[1]!);

const stepsOf = async (runId: string) => (await loadRunSnapshot(runId))!.steps.map((step) => [step.stepId, step.state]);

describe("a worker stopped with SIGTERM in the middle of a step", () => {
  it("finishes the step, hands the run back, exits 0 marked stopped, and the next worker finishes the run with nothing run twice", async () => {
    const { id: routineId } = await prisma.routine.findFirstOrThrow({ where: { name: routine.name } });
    const first = await startWorker();
    workers.push(first);
    const owner = first.match[1]!;
    const gate = proxy.hold("apply_leave");

    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId, inputs: leaveInputs() });
    await gate.reached;
    expect(await stepsOf(runId)).toEqual([
      ["received", "succeeded"],
      ["apply", "running"],
    ]);
    await vi.waitFor(
      async () =>
        expect((await prisma.runWorkerProcess.findUniqueOrThrow({ where: { id: owner } })).runIds).toBe(
          JSON.stringify([runId]),
        ),
      { timeout: 10_000, interval: 50 },
    );

    first.process.kill("SIGTERM");
    await vi.waitFor(() => expect(first.output()).toMatch(/SIGTERM: the run worker stops taking work/), {
      timeout: 10_000,
      interval: 20,
    });
    // Draining: still alive, the step still in flight, the run still this worker's.
    expect(first.process.exitCode).toBeNull();
    expect((await loadRunSnapshot(runId))!.status).toBe("running");
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).leaseOwner).toBe(owner);

    gate.release();
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain(`run worker ${owner} stopped`);
    expect(await stepsOf(runId)).toEqual([
      ["received", "succeeded"],
      ["apply", "succeeded"],
    ]);
    const handedBack = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect([handedBack.status, handedBack.leaseOwner, handedBack.leaseUntil]).toEqual(["running", null, null]);
    const row = await prisma.runWorkerProcess.findUniqueOrThrow({ where: { id: owner } });
    expect(row.stoppedAt).not.toBeNull();
    expect(row.runIds).toBe("[]");

    const second = await startWorker();
    workers.push(second);
    await waitForStatus(runId, "succeeded", 30_000);
    const finished = (await loadRunSnapshot(runId))!;
    expect(finished.steps.filter((step) => step.state !== "skipped").map((step) => [step.stepId, step.state])).toEqual([
      ["received", "succeeded"],
      ["apply", "succeeded"],
      ["booked", "succeeded"],
      ["done", "succeeded"],
    ]);
    // Every tool call once, and every side effect once: the drained step was not retried.
    const keys = finished.steps.filter((step) => step.stepId !== "done").map((step) => `${runId}:${step.id}`);
    expect(keys.map((key) => proxy.keys.filter((each) => each === key).length)).toEqual([1, 1, 1]);
    const counts = await sideEffects();
    expect(keys.map((key) => counts.get(key))).toEqual([1, 1, 1]);
    const events = await prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    expect(events.filter((event) => event.type === "run.started").map((event) => JSON.parse(event.payload))).toEqual([
      { resumed: false },
      { resumed: true },
    ]);
    await stopChild(second);
    expect(second.process.exitCode).toBe(0);
  }, 90_000);
});
