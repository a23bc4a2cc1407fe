import { randomUUID } from "node:crypto";
import { expect, test, uniqueName } from "./fixtures";
import { RunPage } from "./pages/run-page";
import { dal } from "./support/dal";
import { withDatabase } from "./support/database";
import { publishRoutine } from "./support/routines";
import { approvalRoutine } from "./support/runs";

test.use({ signedInAs: "operator" });

/** Stores an event of a type this build does not know after the run's last one, as a newer Routine Studio would. */
function storeEventFromNewerBuild(runId: string): void {
  withDatabase((db) => {
    const { lastSeq } = db.prepare(`SELECT "lastSeq" FROM "run" WHERE "id" = ?`).get(runId) as { lastSeq: number };
    db.prepare(`INSERT INTO "run_event" ("id", "runId", "seq", "type", "payload", "at") VALUES (?, ?, ?, ?, ?, ?)`).run(
      randomUUID(),
      runId,
      lastSeq + 1,
      "step.teleported",
      JSON.stringify({ _v: 1, stepId: "lookup" }),
      new Date().toISOString(),
    );
    db.prepare(`UPDATE "run" SET "lastSeq" = ? WHERE "id" = ?`).run(lastSeq + 1, runId);
  });
}

test("a run with a stored event this server cannot read is shown, with a notice saying how many and why", async ({
  page,
}) => {
  const routineId = await publishRoutine(approvalRoutine(uniqueName("E2E unreadable")));
  const { runId } = await dal("operator", "startRun", { routineId, inputs: { employee_id: "E1024" } });
  // Waiting for its approval, the run writes nothing: the stored event takes the next seq undisturbed.
  await expect.poll(() => dal("operator", "runStatus", { runId }), { timeout: 30_000 }).toBe("waiting");
  storeEventFromNewerBuild(runId);

  const run = new RunPage(page);
  await run.goto(runId);
  await run.expectNode("lookup", "succeeded");
  await run.expectNode("approve", "waiting");
  const notice = page.getByTestId("unreadable-events-notice");
  await expect(notice).toHaveAttribute("role", "status");
  await expect(notice).toContainText("1 event could not be read");
  await notice.getByText("Why").click();
  await expect(notice.locator("details li")).toHaveText(/step\.teleported: "step\.teleported" is not an event type/);
});
