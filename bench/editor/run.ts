// npm run bench:editor — the editor benchmark (docs/decisions/0006-editor-benchmark.md): builds and serves the
// production app with a fresh database holding a generated 1,000-step routine, measures the designer against a
// bare React Flow page in headless Chromium, and prints one JSON line (the last line of stdout). Progress: stderr.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "@playwright/test";
import { baseEnv, root } from "../../scripts/lib/prepare.mjs";
import { startDemoHrServer } from "../../scripts/lib/demo-hr.mjs";
import { allowOutbound } from "../../scripts/lib/outbound.mjs";
import { saveBenchResults } from "../lib/results";
import { assertPortFree, cleanUpOnSignal, prepareApp, startServer, type BenchServer } from "../lib/server";
import { median, round } from "../lib/stats";
import {
  loadInteractive,
  measureFitAll,
  measureInspectorTyping,
  measurePan,
  measureZoom,
  type LoadSample,
} from "./measure";
import { benchRoutine } from "./routine";

/** Full Chromium, as users run it (the tests use the lighter headless shell): frame rates are measured in it. */
const CHROMIUM = "/usr/bin/chromium";
const STEPS = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const AUTHOR = { email: "author@example.com", password: "author-demo-pass" };
/** A chain step in view when the designer opens (on the routine's first steps), away from branch labels. */
const TYPING_STEP = "s3";
const TARGETS = { ttiRatio: 1.0, panFpsRatio: 0.9, inspectorTypingNodeRenders: 0 };

const log = (message: string) => process.stderr.write(`[bench:editor] ${message}\n`);

async function signIn(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(`${url}/sign-in`);
  await page.getByTestId("sign-in-email").fill(AUTHOR.email);
  await page.getByTestId("sign-in-password").fill(AUTHOR.password);
  await page.getByTestId("sign-in-submit").click();
  await page.getByTestId("user-menu").waitFor({ timeout: 30_000 });
  await page.close();
}

async function measureLoad(context: BrowserContext, url: string, typingStep?: string): Promise<LoadSample> {
  const page = await context.newPage();
  try {
    const ttiMs = await loadInteractive(page, url);
    if (process.env.BENCH_DETAIL === "1")
      log(`${new URL(url).pathname}: ${JSON.stringify(await page.evaluate("window.__bench.detail()"))}`);
    const panFps = await measurePan(page);
    const zoomFirstFrameMs = await measureZoom(page);
    const nodeRenders = typingStep ? await measureInspectorTyping(page, typingStep) : undefined;
    // The bare page opens fitted, every node mounted; the designer opens on its first steps.
    const fitAllMs = typingStep ? await measureFitAll(page, STEPS) : undefined;
    return { ttiMs, panFps, zoomFirstFrameMs, nodeRenders, fitAllMs };
  } finally {
    await page.close();
  }
}

const describe = (sample: LoadSample) =>
  `TTI ${round(sample.ttiMs)} ms, pan ${round(sample.panFps, 1)} fps, zoom ${round(sample.zoomFirstFrameMs, 1)} ms` +
  (sample.nodeRenders === undefined ? "" : `, ${sample.nodeRenders} node renders while typing`) +
  (sample.fitAllMs === undefined ? "" : `, fit all ${round(sample.fitAllMs)} ms`);

async function measureAll(serverUrl: string, routineId: string, chromiumHome: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // The browser's own omnibox pop-ups (WebUI pages a headless browser never shows) load in a renderer of their
      // own once per session, ~1.5 CPU-s on two cores, landing on whichever page loads then.
      "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
    ],
    env: { ...process.env, XDG_CONFIG_HOME: chromiumHome, XDG_CACHE_HOME: chromiumHome },
  });
  try {
    // The probes are page.waitForFunction strings, which the pages' CSP (no 'unsafe-eval') would refuse: the
    // benchmark measures speed, not the policy (e2e/security-headers.spec.ts does).
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, bypassCSP: true });
    await context.addInitScript({ path: path.join(root, "bench", "editor", "page-probes.js") });
    log("Signing in as the demo author");
    await signIn(context, serverUrl);
    const designerUrl = `${serverUrl}/routines/${routineId}`;
    const bareUrl = `${serverUrl}/bench/bare-flow`;
    log("Warm-up load of each page (not counted)");
    await measureLoad(context, designerUrl);
    await measureLoad(context, bareUrl);
    const designer: LoadSample[] = [];
    const bare: LoadSample[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      designer.push(await measureLoad(context, designerUrl, TYPING_STEP));
      log(`Run ${run}/${RUNS} designer: ${describe(designer.at(-1)!)}`);
      bare.push(await measureLoad(context, bareUrl));
      log(`Run ${run}/${RUNS} bare:     ${describe(bare.at(-1)!)}`);
    }
    return { designer, bare };
  } finally {
    await browser.close();
  }
}

function summarize(designer: LoadSample[], bare: LoadSample[]) {
  const of = (samples: LoadSample[], key: "ttiMs" | "panFps" | "zoomFirstFrameMs") =>
    median(samples.map((sample) => sample[key]));
  const ttiMs = of(designer, "ttiMs");
  const bareTtiMs = of(bare, "ttiMs");
  const panFps = of(designer, "panFps");
  const barePanFps = of(bare, "panFps");
  // The worst run, not the median: the target is that no run re-renders a node.
  const inspectorTypingNodeRenders = Math.max(...designer.map((sample) => sample.nodeRenders ?? 0));
  const ttiRatio = round(ttiMs / bareTtiMs, 2);
  const panFpsRatio = round(panFps / barePanFps, 2);
  return {
    routineSteps: STEPS,
    ttiMs: round(ttiMs),
    bareTtiMs: round(bareTtiMs),
    ttiRatio,
    panFps: round(panFps, 1),
    barePanFps: round(barePanFps, 1),
    panFpsRatio,
    zoomFirstFrameMs: round(of(designer, "zoomFirstFrameMs"), 1),
    bareZoomFirstFrameMs: round(of(bare, "zoomFirstFrameMs"), 1),
    inspectorTypingNodeRenders,
    // No target: what showing all the steps costs once open (every node mounted, as the bare page opens).
    fitAllMs: round(median(designer.map((sample) => sample.fitAllMs ?? 0))),
    runs: designer.length,
    targetsMet: {
      ttiRatio: ttiRatio <= TARGETS.ttiRatio,
      panFpsRatio: panFpsRatio >= TARGETS.panFpsRatio,
      inspectorTypingNodeRenders: inspectorTypingNodeRenders <= TARGETS.inspectorTypingNodeRenders,
    },
  };
}

async function main() {
  const started = Date.now();
  await assertPortFree(PORT);
  const dbPath = path.join(root, "data", "bench", "routine-studio-bench.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    NODE_ENV: "production",
    APP_MODE: "demo",
    DATABASE_URL: `file:${dbPath}`,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    BETTER_AUTH_URL: `http://localhost:${PORT}`,
    ROUTINE_STUDIO_BENCH: "1",
  };
  // The designer's palette and validator read the tool registry: register the demo HR server as npm start does.
  const demoHr = await startDemoHrServer(PORT + 1, env);
  env.DEMO_HR_MCP_URL = demoHr.url;
  allowOutbound(env, [demoHr.url]);
  log(`Preparing: Prisma client, fresh database ${path.relative(root, dbPath)}, production build`);
  prepareApp(root, { ...env, BENCH_CHROMIUM: CHROMIUM });
  const routineId = randomUUID();
  // Imported only now: it loads the Prisma client, which prepareApp() generates on a fresh clone.
  const { insertRoutine } = await import("./database");
  await insertRoutine(dbPath, benchRoutine(routineId, STEPS), AUTHOR.email);
  log(`Inserted a ${STEPS}-step routine (${routineId}) owned by ${AUTHOR.email}`);

  let server: BenchServer | undefined;
  // Chromium must not write into HOME.
  const chromiumHome = mkdtempSync(path.join(tmpdir(), "routine-studio-bench-chromium-"));
  const cleanUp = async () => {
    await server?.stop();
    demoHr.child.kill("SIGTERM");
    rmSync(chromiumHome, { recursive: true, force: true });
  };
  cleanUpOnSignal(cleanUp, log);
  try {
    log(`Starting next start on port ${PORT} (ROUTINE_STUDIO_BENCH=1)`);
    server = startServer(root, PORT, env);
    await server.ready;
    const { designer, bare } = await measureAll(server.url, routineId, chromiumHome);
    const summary = summarize(designer, bare);
    const file = saveBenchResults(root, "editor", summary, { designer, bare });
    log(`All samples: ${file}; took ${round((Date.now() - started) / 1000, 1)} s in all`);
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  log(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
