import { randomUUID } from "node:crypto";
import { withDatabase } from "./database";

/** A Date as Prisma stores DateTime columns in SQLite. */
const sqlTime = (date = new Date()) => date.toISOString().replace("Z", "+00:00");

/**
 * Writes a routine whose version 1 is published, straight into the server's database (what review and publish
 * would leave behind), owned by `ownerEmail`. Returns its id. The routine JSON is the app's schema version 2.
 */
export function publishRoutine(routine: Record<string, unknown> & { name: string; steps: unknown[] }, ownerEmail = "author@example.com"): string {
  const routineId = randomUUID();
  const versionId = randomUUID();
  const now = sqlTime();
  withDatabase((db) => {
    const owner = db.prepare(`SELECT "id" FROM "user" WHERE "email" = ?`).get(ownerEmail) as { id: string };
    db.transaction(() => {
      db.prepare(`INSERT INTO "routine" ("id", "name", "description", "ownerId", "createdAt", "updatedAt") VALUES (?, ?, '', ?, ?, ?)`).run(routineId, routine.name, owner.id, now, now);
      db.prepare(
        `INSERT INTO "routine_version" ("id", "routineId", "number", "status", "content", "revision", "stepCount", "authorId", "toolHashes", "createdAt", "updatedAt") VALUES (?, ?, 1, 'published', ?, 0, ?, ?, '{}', ?, ?)`,
      ).run(versionId, routineId, JSON.stringify({ ...routine, id: routineId }), routine.steps.length, owner.id, now, now);
      db.prepare(`UPDATE "routine" SET "publishedVersionId" = ? WHERE "id" = ?`).run(versionId, routineId);
    })();
  });
  return routineId;
}

/**
 * Look up an employee → a person approves → check their leave balance → done. Every tool input is bound, so the
 * engine runs it without a model; the human step waits for the operator.
 */
export function approvalRoutine(name: string) {
  const hr = (tool: string) => ({ server: "hr", name: tool });
  return {
    schemaVersion: 2,
    id: "e2e",
    name,
    description: "Looks an employee up, waits for approval, then reads their annual leave balance.",
    intents: [],
    inputs: [{ name: "employee_id", description: 'e.g. "E1024"', type: "string", required: true }],
    steps: [
      { id: "lookup", kind: "tool", name: "Look up employee", description: "", position: { x: 0, y: 0 }, tool: hr("get_employee"), inputs: { employee_id: { from: "input", name: "employee_id" } }, outputs: [{ name: "employee", description: "" }], completion: "The employee's record is known.", requiresApproval: false },
      { id: "approve", kind: "human", name: "Approve the lookup", description: "", position: { x: 320, y: 0 }, instruction: "Check that this is the right person.", form: [] },
      {
        id: "balance",
        kind: "tool",
        name: "Check leave balance",
        description: "",
        position: { x: 640, y: 0 },
        tool: hr("get_leave_balance"),
        // From the looked-up record, not the run's input: a lookup re-run with a corrected id carries it on.
        inputs: { employee_id: { from: "step", stepId: "lookup", path: "employee.employee_id" }, leave_type: { from: "literal", value: "annual" } },
        outputs: [{ name: "balance", description: "" }],
        requiresApproval: false,
      },
      { id: "done", kind: "end", name: "Done", description: "", position: { x: 960, y: 16 } },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "approve" },
      { id: "e2", source: "approve", target: "balance" },
      { id: "e3", source: "balance", target: "done" },
    ],
    stages: [],
  };
}

/** Look up an employee → the executor model writes a note about them (a skill step; `marker` is in its instruction). */
export function skillRoutine(name: string, marker: string) {
  return {
    schemaVersion: 2,
    id: "e2e",
    name,
    description: "Looks an employee up and has the model write a note.",
    intents: [],
    inputs: [{ name: "employee_id", description: "", type: "string", required: true }],
    steps: [
      { id: "lookup", kind: "tool", name: "Look up employee", description: "", position: { x: 0, y: 0 }, tool: { server: "hr", name: "get_employee" }, inputs: { employee_id: { from: "input", name: "employee_id" } }, outputs: [{ name: "employee", description: "" }], requiresApproval: false },
      { id: "note", kind: "skill", name: "Write a note", description: "", position: { x: 320, y: 0 }, instruction: `Write one line about the employee. ${marker}`, inputs: { employee: { from: "step", stepId: "lookup", path: "employee" } }, outputs: [{ name: "note", description: "" }] },
      { id: "done", kind: "end", name: "Done", description: "", position: { x: 640, y: 16 } },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "note" },
      { id: "e2", source: "note", target: "done" },
    ],
    stages: [],
  };
}
