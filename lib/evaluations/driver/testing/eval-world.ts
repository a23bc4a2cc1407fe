import { vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../../../scripts/fake-openai/index";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../../demo/hr-server";
import { seedDatabase } from "../../../demo/seed";
import { buildRunWorker, type RunWorker } from "../../../runs/store";
import { sharedToolGateway } from "../../../tool-gateway";
import { createEvalDriver, type EvalDriver } from "../index";

/** What a suite needs to run end to end in a test: the demo HR server, a run worker and an eval driver. */
export type EvalWorld = {
  hr: DemoHrHttpServer;
  worker: RunWorker;
  /** The eval driver; a test that restarts it puts the new one here, so close() stops that. */
  driver: EvalDriver;
  /** The fake OpenAI-compatible executor model, when the world was opened with one. */
  fake: FakeOpenAI | null;
  close(): Promise<void>;
};

/**
 * Seeds the demo database and starts the demo HR MCP server over HTTP, the real run worker and eval driver (and, with
 * `model`, the fake OpenAI server as the executor model, by the OPENAI_* variables), for tests that run suites the
 * way the app does. `close()` stops them all.
 */
export async function openEvalWorld(
  options: { model?: boolean; suites?: number; leaseMs?: number } = {},
): Promise<EvalWorld> {
  await seedDatabase({ mode: "demo" });
  const hr = await startDemoHrHttpServer({ port: 0 });
  let fake: FakeOpenAI | null = null;
  if (options.model) {
    fake = await startFakeOpenAI({ port: 0, apiKey: "test-key", scenario: { rules: [] } });
    vi.stubEnv("OPENAI_BASE_URL", fake.url);
    vi.stubEnv("OPENAI_API_KEY", "test-key");
    vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-executor");
  }
  // `leaseMs`: longer for agent runs, whose first turn loads the token counter on a busy machine; a lease that lapses
  // mid-turn would hand the run to a second execution.
  const worker = buildRunWorker({ enabled: true, concurrency: 4, leaseMs: options.leaseMs ?? 5_000, pollMs: 200 });
  worker.start();
  const driver = createEvalDriver({ suites: options.suites ?? 2, leaseMs: 5_000, pollMs: 50 });
  driver.start();
  const world: EvalWorld = {
    hr,
    worker,
    driver,
    fake,
    async close() {
      // The driver a test put in place of the first (a restart) is the one to stop.
      await world.driver.stop();
      await worker.stop();
      await sharedToolGateway().close();
      await hr.close();
      await fake?.close();
      vi.unstubAllEnvs();
    },
  };
  return world;
}
