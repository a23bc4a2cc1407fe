// npm run bench:runner — the runner benchmark (docs/decisions/0015-runner-benchmark.md): engine overhead per step and
// throughput of 100 concurrent runs (the real engine and SQLite run store with instant tools, in this process), then
// SSE latency and loss with 1, 50 and 200 watchers against the production server. Progress on stderr; the last
// line of stdout is one JSON object; every sample goes to the git-ignored bench/results/.
import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { LOOPBACK_NETWORKS } from "../../scripts/lib/outbound.mjs";
import { baseEnv, root } from "../../scripts/lib/prepare.mjs";
import { assertPortFree, cleanUpOnSignal, prepareApp, startServer, type BenchServer } from "../lib/server";
import { saveBenchResults } from "../lib/results";
import { round } from "../lib/stats";
import type { InstantMcpServer } from "./instant-mcp";
import { echoChain } from "./routines";
import type { SseRun } from "./sse-bench";
import { summarize, type Samples } from "./summary";

const PORT = Number(process.env.BENCH_PORT ?? 3310);
/** Runs timed one after another, per variant (after WARM_UP uncounted ones). */
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARM_UP = 20;
const STEPS = 20;
const CONCURRENT_RUNS = 100;
const THROUGHPUT_ROUNDS = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 5);
const WATCHERS = [1, 50, 200];
/** Runs watched per watcher count. */
const SSE_RUNS = Number(process.env.BENCH_SSE_RUNS ?? 3);

const log = (message: string) => process.stderr.write(`[bench:runner] ${message}\n`);

async function main() {
  const started = Date.now();
  const loadAverageAtStart = round(loadavg()[0], 2);
  await assertPortFree(PORT);
  const dbPath = path.join(root, "data", "bench", "routine-studio-runner.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  const auth = {
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    BETTER_AUTH_URL: `http://localhost:${PORT}`,
  };
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    ...auth,
    NODE_ENV: "production",
    APP_MODE: "demo",
    DATABASE_URL: `file:${dbPath}`,
    // One user holds every watcher's stream: the default cap of 20 would refuse most of them.
    RUN_STREAMS_PER_USER: String(Math.max(...WATCHERS) + 10),
    // The instant MCP server listens on loopback, on a port picked at random.
    OUTBOUND_ALLOWED_NETWORKS: LOOPBACK_NETWORKS,
  };
  log(`Preparing: Prisma client, fresh database ${path.relative(root, dbPath)}, production build`);
  prepareApp(root, env);
  // This process writes runs into the same database; lib/db reads DATABASE_URL when it is first imported.
  Object.assign(process.env, { DATABASE_URL: env.DATABASE_URL, ...auth, OUTBOUND_ALLOWED_NETWORKS: LOOPBACK_NETWORKS });
  const database = await import("./database");
  const { measureSequential, measureThroughput } = await import("./engine-bench");
  const { measureWatchers } = await import("./sse-bench");
  const { startInstantMcpServer } = await import("./instant-mcp");
  const { sharedToolGateway } = await import("../../lib/tool-gateway");

  let mcp: InstantMcpServer | undefined;
  let server: BenchServer | undefined;
  const cleanUp = async () => {
    await server?.stop();
    await sharedToolGateway().close();
    await mcp?.close();
  };
  cleanUpOnSignal(cleanUp, log);
  try {
    mcp = await startInstantMcpServer();
    await database.registerBenchToolServer(mcp.url);
    const bound = await database.publishRoutine(echoChain(randomUUID(), STEPS, "bound"));
    const modelDriven = await database.publishRoutine(echoChain(randomUUID(), STEPS, "model"));
    const held = await database.publishRoutine(echoChain(randomUUID(), STEPS, "bound", true));
    log(`Instant MCP server at ${mcp.url}, registered as "bench"; three ${STEPS}-step routines published`);

    log(`Overhead: ${RUNS} runs of ${STEPS} bound tool steps, one at a time (+${WARM_UP} warm-up)`);
    const overheadBound = await measureSequential(bound, RUNS, WARM_UP, log);
    log(`Overhead: ${RUNS} runs of ${STEPS} model-driven tool steps, one at a time (+${WARM_UP} warm-up)`);
    const overheadModel = await measureSequential(modelDriven, RUNS, WARM_UP, log);

    const throughput = [];
    for (let roundIndex = 1; roundIndex <= THROUGHPUT_ROUNDS; roundIndex += 1) {
      throughput.push(await measureThroughput(bound, CONCURRENT_RUNS, STEPS));
      log(
        `Throughput round ${roundIndex}/${THROUGHPUT_ROUNDS}: ${CONCURRENT_RUNS} × ${STEPS} steps in ${round(throughput.at(-1)!.wallMs)} ms = ${round(throughput.at(-1)!.stepsPerSecond)} steps/s`,
      );
    }

    const token = await database.operatorToken();
    log(`Starting next start on port ${PORT} (RUN_STREAMS_PER_USER=${env.RUN_STREAMS_PER_USER})`);
    server = startServer(root, PORT, env);
    await server.ready;
    const context = { baseUrl: server.url, token, routineId: held, mcp };
    log("SSE warm-up run with 1 watcher (not counted)");
    await measureWatchers(context, 1);
    const sse: SseRun[] = [];
    for (const count of WATCHERS) {
      for (let run = 1; run <= SSE_RUNS; run += 1) {
        const result = await measureWatchers(context, count);
        sse.push(result);
        log(
          `SSE ${count} watcher(s), run ${run}/${SSE_RUNS}: ${result.latenciesMs.length} deliveries, lost ${result.lost}, duplicated ${result.duplicated}, connected in ${result.connectMs} ms`,
        );
      }
    }

    const samples: Samples = { overheadBound, overheadModel, throughput, sse };
    const summary = {
      ...summarize(samples, { steps: STEPS, watchers: WATCHERS }),
      loadAverageAtStart,
      loadAverageAtEnd: round(loadavg()[0], 2),
    };
    const file = saveBenchResults(root, "runner", summary, samples);
    log(`All samples: ${file}; took ${round((Date.now() - started) / 1000, 1)} s in all`);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    await cleanUp();
  }
}

main().then(
  // The Prisma client and the run store's connection stay open; nothing else is left to do.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    log(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
