import { randomUUID } from "node:crypto";
import type { Routine, Step } from "../../routine";
import { signedIn } from "../../../test/request-context";
import { prisma } from "../core";
import { getRoutine } from "../library";
import { submitForReview, withdrawFromReview } from "../reviews";
import { saveRoutineDraft } from "../routines";
import { makeRoutine } from "./routine-factories";
import { as } from "./review-test-support";

// A registered HR tool server (its row and current tool snapshots written directly, no MCP server behind it) with a
// read tool and a write tool: enough for a routine that validates against the registry, submits and is approved.

const TOOLS = {
  get_employee: "Reads an employee's record.",
  update_employee_contact: "Changes an employee's contact details.",
} as const;
export type HrToolName = keyof typeof TOOLS;

/** Registers the fixture server; `routineCalling(tool)` is a routine whose one tool step calls `tool` on it. */
export async function hrToolFixture() {
  const serverId = randomUUID();
  const server = `hr-${serverId.slice(0, 8)}`;
  await prisma.toolServer.create({
    data: { id: serverId, name: server, transport: "http", url: "http://127.0.0.1:9" },
  });
  const snapshot = (name: HrToolName, hash: string, required: string[]) =>
    prisma.toolSnapshot.create({
      data: {
        id: randomUUID(),
        serverId,
        toolName: name,
        hash,
        definition: JSON.stringify({
          name,
          description: TOOLS[name],
          inputSchema: { type: "object", properties: { employee_id: { type: "string" } }, required },
        }),
      },
    });
  for (const name of Object.keys(TOOLS) as HrToolName[]) await snapshot(name, `sha256:${name}-1`, []);
  return {
    server,
    /** The server now lists `tool` with another schema: versions pinned to the old one are flagged. */
    async changeSchema(tool: HrToolName) {
      await prisma.toolSnapshot.updateMany({ where: { serverId, toolName: tool }, data: { current: false } });
      await snapshot(tool, `sha256:${tool}-2`, ["employee_id"]);
    },
    /**
     * The author's bait and switch on a routine in review: withdraw, save a step that changes data instead, submit
     * again (the same version id). Returns the resubmitted version.
     */
    async switchToWrite(routineId: string) {
      await as("author");
      await withdrawFromReview(signedIn(), { routineId });
      const { revision } = await getRoutine(signedIn(), routineId);
      const saved = await saveRoutineDraft(signedIn(), {
        routineId,
        baseRevision: revision,
        routine: this.routineCalling("update_employee_contact"),
      });
      return submitForReview(signedIn(), { routineId, baseRevision: saved.revision });
    },
    routineCalling(tool: HrToolName): Routine {
      const steps: Step[] = [
        {
          id: "call",
          kind: "tool",
          name: tool === "get_employee" ? "Look the employee up" : "Update the employee's contact",
          description: "",
          tool: { server, name: tool },
          inputs: { employee_id: { from: "input", name: "ticket" } },
          outputs: [],
          requiresApproval: false,
        },
        { id: "done", kind: "end", name: "Done", description: "" },
      ];
      return makeRoutine({ name: "Employee contact", steps, edges: [{ id: "e1", source: "call", target: "done" }] });
    },
  };
}
