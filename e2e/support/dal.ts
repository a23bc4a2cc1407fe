import type { FixtureOperation, FixtureOperations } from "../../scripts/e2e-fixtures/operations";
import { DEMO, type DemoRole } from "./demo-users";
import { FIXTURES_URL } from "./env";

/**
 * Runs a data access layer operation as a demo user, through the set-up service beside the e2e app
 * (scripts/e2e-fixtures.ts): for the state a test needs but does not test, such as a routine already in review.
 * The DAL checks roles and validates input as it does for the app; a refusal throws with the app's message.
 */
export async function dal<K extends FixtureOperation>(
  as: DemoRole,
  operation: K,
  input: Parameters<FixtureOperations[K]>[1],
): Promise<Awaited<ReturnType<FixtureOperations[K]>>> {
  const response = await fetch(`${FIXTURES_URL}/call`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ as: DEMO[as].email, operation, input }),
  });
  const body = (await response.json()) as { result?: unknown; error?: string };
  if (!response.ok)
    throw new Error(`set-up ${operation} as ${as} answered ${response.status}: ${body.error ?? "no message"}`);
  return body.result as Awaited<ReturnType<FixtureOperations[K]>>;
}
