// Runs once when the server starts (Node runtime only): brings the database schema up to date before the
// first request, then starts the run worker, which resumes runs a stopped server left running. A failure is
// reported clearly and the server stays up, so pages can say what is wrong.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { migrateOnStartup } = await import("./lib/db/migrations");
  if (!migrateOnStartup()) return;
  const { startRunWorkerOnStartup } = await import("./lib/run-service");
  startRunWorkerOnStartup();
  const { startEvalDriverOnStartup } = await import("./lib/eval-service");
  startEvalDriverOnStartup();
}
