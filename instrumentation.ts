// Runs once when the server starts (Node runtime only): starts OpenTelemetry traces when the OTEL_* variables name an
// endpoint (lib/telemetry, off otherwise), brings the database schema up to date before the first request, then starts
// the run worker, which resumes runs a stopped server left running and drains on SIGTERM/SIGINT
// (lib/runs/store/run-worker-startup.ts). A failure is reported clearly and the server stays up, so pages can say
// what is wrong.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startTelemetry } = await import("./lib/telemetry");
  await startTelemetry();
  const { migrateOnStartup } = await import("./lib/db/migrations");
  if (!(await migrateOnStartup())) {
    // No worker to drain; with NEXT_MANUAL_SIG_HANDLE the process must still end on a signal.
    if (process.env.NEXT_MANUAL_SIG_HANDLE)
      for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => process.exit(0));
    return;
  }
  const { startRunWorkerOnStartup } = await import("./lib/runs/store");
  startRunWorkerOnStartup();
  // Live streams here follow runs that other processes execute (`npm run worker`, another web server).
  const { startRunEventRelay } = await import("./lib/runs/store");
  startRunEventRelay();
  const { startEvalDriverOnStartup } = await import("./lib/evaluations/driver");
  startEvalDriverOnStartup();
}
