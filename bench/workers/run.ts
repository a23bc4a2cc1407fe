// npm run bench:workers — the worker benchmark (issue #17): 200 concurrent 20-step runs with instant tools and no
// model, executed by 1, 2 and 4 `npm run worker` processes on PostgreSQL, watched over SSE through a production web
// server that executes nothing itself (RUN_WORKER=off). Per worker count: steps/s, p95 queue wait and p95 SSE
// latency. Progress on stderr; the last line of stdout is one JSON object; every sample goes to bench/results/.
import { randomBytes, randomUUID } from "node:crypto";
import { availableParallelism, cpus, loadavg } from "node:os";
import { LOOPBACK_NETWORKS } from "../../scripts/lib/outbound.mjs";
import { baseEnv, root } from "../../scripts/lib/prepare.mjs";
import { createTestPostgresDatabase, type TestPostgresDatabase } from "../../test/postgres-database";
import { assertPortFree, cleanUpOnSignal, prepareApp, startServer, type BenchServer } from "../lib/server";
import { saveBenchResults } from "../lib/results";
import { round } from "../lib/stats";
import { startNode, stopChild, type Child } from "../../lib/runs/store/testing/child-process";
import { echoChain } from "../runner/routines";
import type { BatchSample } from "./batch";
import { summarize } from "./summary";
import type { WorkerSet } from "./worker-processes";

const PORT = Number(process.env.BENCH_PORT ?? 3311);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const STEPS = 20;
const WORKER_COUNTS = (process.env.BENCH_WORKER_COUNTS ?? "1,2,4").split(",").map(Number);
/** Runs followed over SSE per batch, spread over the batch (each one stream of the operator's). */
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 20);
/** An uncounted batch per worker count first, so every process has loaded its code and opened its connections. */
const WARM_UP_RUNS = 20;
/**
 * Batches measured per worker count; the median one (by wall time) is reported. One 10-second batch on a shared
 * 2-core machine varies by ±15 %: the median of three is what to compare with bench:runner's median round.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const BATCH_TIMEOUT_MS = 180_000;
/** How often an idle worker looks for work nobody woke it for (the default, 5 s, would dominate queue waits). */
const POLL_MS = 100;

/** The run store's pool in this process (RUN_DB_POOL_MAX), which only queues runs and reads them back. */
const BENCH_POOL_MAX = "4";

const log = (message: string) => process.stderr.write(`[bench:workers] ${message}\n`);
/** Set on Ctrl-C: the measurement then fails on the dropped database, which is no failure worth reporting. */
let interrupted = false;

async function createBenchDatabase(): Promise<TestPostgresDatabase> {
  try {
    return await createTestPostgresDatabase("rs_bench_workers");
  } catch (error) {
    throw new Error(
      "bench:workers needs a PostgreSQL server where it may create a database: the machine's own " +
        "(postgresql://postgres@127.0.0.1:5432/postgres) or TEST_POSTGRES_URL.",
      { cause: error },
    );
  }
}

/** Runs `measure`; when it fails, first shows what the workers printed last (where a run failure is explained). */
async function measureWith<T>(workers: WorkerSet, measure: () => Promise<T>): Promise<T> {
  try {
    return await measure();
  } catch (error) {
    if (!interrupted) log(`The workers' last output:\n${workers.lastOutput()}`);
    throw error;
  }
}

async function main() {
  const started = Date.now();
  const loadAverageAtStart = round(loadavg()[0], 2);
  await assertPortFree(PORT);
  const database = await createBenchDatabase();
  const databaseName = new URL(database.url).pathname.slice(1);
  const auth = {
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    BETTER_AUTH_URL: `http://localhost:${PORT}`,
  };
  // The instant MCP server listens on loopback, on a port picked at random.
  const outbound = { OUTBOUND_ALLOWED_NETWORKS: LOOPBACK_NETWORKS };
  const shared = { ...baseEnv, ...auth, ...outbound, APP_MODE: "demo", DATABASE_URL: database.url };
  const serverEnv: NodeJS.ProcessEnv = {
    ...shared,
    NODE_ENV: "production",
    RUN_WORKER: "off",
    // One user holds every watcher's stream: keep the per-user cap above them.
    RUN_STREAMS_PER_USER: String(WATCHERS + 10),
  };
  const workerEnv = (count: number): NodeJS.ProcessEnv => ({
    ...shared,
    // Enough slots that the whole batch is in flight at once, shared among the workers.
    RUN_WORKER_CONCURRENCY: String(Math.ceil(RUNS / count)),
    RUN_POLL_MS: String(POLL_MS),
  });

  let workers: WorkerSet | undefined;
  let tools: Child | undefined;
  let server: BenchServer | undefined;
  let closeGateway = async () => {};
  // Once only: a Ctrl-C cleans up while the measurement still awaits, and its own clean-up then finds nothing left.
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await workers?.stop();
      await server?.stop();
      await closeGateway();
      await stopChild(tools);
      await database.drop();
    })());
  cleanUpOnSignal(() => {
    interrupted = true;
    return cleanUp();
  }, log);
  try {
    log(`Preparing: Prisma client, fresh PostgreSQL database ${databaseName}, build`);
    prepareApp(root, serverEnv);
    // This process queues the runs and reads them back; lib/db reads DATABASE_URL when it is first imported. Its run
    // store keeps a small pool: the workers and the web server need PostgreSQL's connections (100 by default).
    Object.assign(process.env, { DATABASE_URL: database.url, ...auth, ...outbound, RUN_DB_POOL_MAX: BENCH_POOL_MAX });
    const bench = await import("../runner/database");
    const { measureBatch } = await import("./batch");
    const { startWorkers } = await import("./worker-processes");
    const { maxConnections } = await import("./run-reads");
    const { sharedToolGateway } = await import("../../lib/tool-gateway");
    closeGateway = () => sharedToolGateway().close();

    tools = await startNode(
      ["--import", "tsx", "bench/workers/tool-server-process.ts"],
      process.env,
      /listening on (http:\/\/\S+)/,
    );
    const toolsUrl = tools.match[1]!;
    await bench.registerBenchToolServer(toolsUrl);
    const routineId = await bench.publishRoutine(echoChain(randomUUID(), STEPS, "bound"));
    const token = await bench.operatorToken();
    log(
      `Instant MCP server at ${toolsUrl} (its own process) registered as "bench"; a ${STEPS}-step bound routine published`,
    );
    log(`Starting next start on port ${PORT} (RUN_WORKER=off: it serves the streams, the workers run everything)`);
    server = startServer(root, PORT, serverEnv);
    await server.ready;
    const context = { baseUrl: server.url, token, routineId, database: databaseName };

    const samples: BatchSample[][] = [];
    for (const count of WORKER_COUNTS) {
      log(`Starting ${count} worker process(es), RUN_WORKER_CONCURRENCY=${workerEnv(count).RUN_WORKER_CONCURRENCY}`);
      workers = await startWorkers(count, workerEnv(count));
      const batch = { workers: count, stepsPerRun: STEPS, timeoutMs: BATCH_TIMEOUT_MS };
      const rounds: BatchSample[] = [];
      await measureWith(workers, async () => {
        await measureBatch(context, { ...batch, runs: WARM_UP_RUNS, watchers: 2 });
        for (let index = 1; index <= ROUNDS; index += 1) {
          const sample = await measureBatch(context, { ...batch, runs: RUNS, watchers: WATCHERS });
          rounds.push(sample);
          log(
            `${count} worker(s), round ${index}/${ROUNDS}: ${RUNS} × ${STEPS} steps in ${round(sample.wallMs)} ms = ` +
              `${round((RUNS * STEPS * 1000) / sample.wallMs)} steps/s; ${sample.sseLatenciesMs.length} live SSE deliveries` +
              (sample.cpu ? `; cores busy: ${JSON.stringify(sample.cpu)}` : ""),
          );
        }
      });
      samples.push(rounds);
      await workers.stop();
      workers = undefined;
    }

    const summary = {
      ...summarize(samples),
      runs: RUNS,
      stepsPerRun: STEPS,
      watchedRunsPerBatch: WATCHERS,
      cores: availableParallelism(),
      postgresMaxConnections: await maxConnections(),
      cpuModel: cpus()[0]?.model,
      loadAverageAtStart,
      loadAverageAtEnd: round(loadavg()[0], 2),
      durationSeconds: round((Date.now() - started) / 1000, 1),
    };
    const file = saveBenchResults(root, "workers", summary, samples);
    log(`All samples: ${file}; took ${summary.durationSeconds} s in all`);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    await cleanUp();
  }
}

main().then(
  // The Prisma client and the run store's pool stay open; nothing else is left to do.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    if (interrupted) return;
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : "";
    log(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}`);
    process.exit(1);
  },
);
