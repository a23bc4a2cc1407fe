import { checkHealth } from "@/lib/runs/store";

// Node runtime: the checks read the database through the SQLite driver. Never cached: every probe checks anew.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The health of this installation for load balancers and monitors, with no sign-in: 200 when all is well, 503 when
 * degraded (runs wait and no worker is seen) or down (the database does not answer), with each check's finding.
 * It takes no input and reveals counts and ages only (lib/runs/store/run-health.ts).
 */
export async function GET(): Promise<Response> {
  const report = await checkHealth();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
