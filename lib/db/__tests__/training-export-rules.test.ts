import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { checkLlamaFactoryLine, checkOpenAiChatLine } from "../../evaluations/scoring";
import { DEMO_HR_TOOLS } from "../../demo/hr-tools";
import { seedDatabase } from "../../demo/seed";
import type { Routine } from "../../routine";
import { signedIn } from "../../../test/request-context";
import { prisma } from "../core";
import { streamTrainingExamples, summarizeTrainingExport } from "../evals";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";
import { makeRoutine } from "../testing/routine-factories";
import { as, demoUserId } from "../testing/review-test-support";
import { insertStoredRun, stepRef, type StoredEvent } from "../testing/stored-runs";

// The export's rules on runs as the engine leaves them (issue #30): a run that went past a tool error is no example,
// and every tool a line declares is the definition the run saw, from the registry's snapshots, in a shape OpenAI and
// LLaMA-Factory accept. A server of its own ("rules-hr") keeps these runs apart from the demo's.

const SERVER = "rules-hr";
const email = DEMO_HR_TOOLS.find((tool) => tool.name === "send_email_notification")!;
let serverId: string;

async function snapshot(toolName: string, definition: object, takenAt: Date, hash: string = randomUUID()) {
  await prisma.toolSnapshot.create({
    data: { id: randomUUID(), serverId, toolName, hash, definition: JSON.stringify(definition), takenAt },
  });
}

const day = (date: string) => new Date(`${date}T12:00:00Z`);
const finished = (answer: string): StoredEvent => ({
  type: "run.finished",
  data: { status: "succeeded", outputs: { answer }, durationMs: 5, inputTokens: 0, outputTokens: 0 },
});

/** A planned run (no routine) whose model called `calls` in order; "fail" answers a call with a tool error. */
async function plannedRun(
  calls: Array<{ tool: string; args: object; fail?: string }>,
  answer: string,
  createdAt: Date,
) {
  const id = randomUUID();
  const events: StoredEvent[] = calls.flatMap((call, index): StoredEvent[] => {
    const ref = stepRef(id, `c${index + 1}`);
    return [
      {
        type: "step.tool_call",
        data: { ...ref, server: SERVER, tool: call.tool, arguments: call.args, byModel: true },
      },
      call.fail
        ? { type: "step.failed", data: { ...ref, error: `${SERVER}/${call.tool} failed: ${call.fail}`, durationMs: 2 } }
        : { type: "step.output", data: { ...ref, output: { result: { ok: true } } } },
    ];
  });
  return insertStoredRun(
    {
      id,
      routineName: "Planned run",
      status: "succeeded",
      request: `Planned request ${id}`,
      execution: JSON.stringify({ mode: "planned" }),
      startedById: await demoUserId("operator"),
      createdAt,
    },
    [...events, finished(answer)],
  );
}

const collect = async (lines: AsyncIterable<string>) => {
  const out: unknown[] = [];
  for await (const line of lines) out.push(JSON.parse(line));
  return out;
};
type OpenAiLine = { messages: Array<{ role: string; content: string | null }>; tools: Array<{ function: object }> };

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  serverId = randomUUID();
  await prisma.toolServer.create({
    data: { id: serverId, name: SERVER, transport: "http", url: "http://127.0.0.1:9" },
  });
  // apply_leave changed its definition on 1 March: runs before see the old one, runs after the new one.
  const applyLeave = (description: string) => ({
    description,
    inputSchema: { type: "object", properties: { employee_id: { type: "string" } }, required: ["employee_id"] },
  });
  await snapshot("apply_leave", applyLeave("Files a leave request (February)."), day("2025-02-01"), "apply-v1");
  await snapshot("apply_leave", applyLeave("Files a leave request (March)."), day("2025-03-01"), "apply-v2");
  await snapshot("send_email_notification", email, day("2025-01-01"));
});

describe("the default export", () => {
  it("leaves out a run that went past a tool error, keeps one that handled it, and says why", async () => {
    await as("admin");
    const from = "2025-05-01";
    const ignored = await plannedRun(
      [
        { tool: "apply_leave", args: { employee_id: "E1" }, fail: "Overlaps leave request LR-7 (annual)" },
        { tool: "send_email_notification", args: { to: "E1", subject: "Booked", body: "Your leave is booked" } },
      ],
      "Your leave is booked.",
      day(from),
    );
    const handled = await plannedRun(
      [
        { tool: "apply_leave", args: { employee_id: "E1" }, fail: "Overlaps leave request LR-7 (annual)" },
        { tool: "apply_leave", args: { employee_id: "E1", start_date: "2025-06-02" } },
      ],
      "Booked from 2 June instead.",
      day(from),
    );
    const summary = await summarizeTrainingExport(signedIn(), { from });
    expect(summary).toEqual({
      examples: 1,
      excluded: [{ reason: "unhandled_tool_error", count: 1 }],
      undefinedTools: 0,
    });
    const lines = (await collect(streamTrainingExamples(signedIn(), { from }, "openai", false))) as OpenAiLine[];
    expect(lines.map((line) => line.messages[1]!.content)).toEqual([`Planned request ${handled}`]);
    expect(JSON.stringify(lines)).not.toContain(ignored);
  });
});

describe("tool definitions in the export", () => {
  it("declares a planned run's tools by the registry snapshot of its time, normalised for both formats", async () => {
    await as("admin");
    const from = "2025-02-10";
    await plannedRun(
      [
        { tool: "apply_leave", args: { employee_id: "E2" } },
        { tool: "send_email_notification", args: { to: "E2", subject: "Booked", body: "Done" } },
      ],
      "Booked.",
      day(from),
    );
    const filter = { from, to: from };
    const [line] = (await collect(streamTrainingExamples(signedIn(), filter, "openai", false))) as OpenAiLine[];
    expect(line!.tools.map((tool) => tool.function)).toEqual([
      {
        name: "apply_leave",
        description: "Files a leave request (February).",
        parameters: { type: "object", properties: { employee_id: { type: "string" } }, required: ["employee_id"] },
      },
      {
        name: "send_email_notification",
        description: email.description,
        parameters: expect.objectContaining({
          properties: expect.objectContaining({ cc: { type: "array", description: expect.any(String), items: {} } }),
        }),
      },
    ]);
    expect(checkOpenAiChatLine(line)).toEqual([]);
    for (const llama of await collect(streamTrainingExamples(signedIn(), filter, "llamafactory", false)))
      expect(checkLlamaFactoryLine(llama)).toEqual([]);
  });

  it("declares a routine's tools by the hashes its version pinned, whatever was current when it ran", async () => {
    await as("admin");
    const routine: Routine = makeRoutine({
      name: "Pinned apply",
      inputs: [],
      steps: [
        {
          id: "apply",
          kind: "tool",
          name: "Apply",
          description: "",
          tool: { server: SERVER, name: "apply_leave" },
          inputs: { employee_id: { from: "literal", value: "E3" } },
          outputs: [{ name: "request", description: "" }],
          requiresApproval: false,
        },
        { id: "done", kind: "end", name: "Done", description: "" },
      ],
      edges: [{ id: "e1", source: "apply", target: "done" }],
    });
    const { routineId, versionId } = await publishedRoutine({
      ownerId: await demoUserId("admin"),
      routine,
      toolHashes: { [`${SERVER}/apply_leave`]: "apply-v1" },
    });
    const id = randomUUID();
    await insertStoredRun(
      {
        id,
        routineId,
        versionId,
        versionNumber: 1,
        routineName: "Pinned apply",
        status: "succeeded",
        createdAt: day("2025-04-01"),
      },
      [
        {
          type: "step.tool_call",
          data: { ...stepRef(id, "apply"), server: SERVER, tool: "apply_leave", arguments: {}, byModel: false },
        },
        { type: "step.output", data: { ...stepRef(id, "apply"), output: { request: "LR-1" } } },
        finished("Filed."),
      ],
    );
    const [line] = (await collect(streamTrainingExamples(signedIn(), { routineId }, "openai", true))) as OpenAiLine[];
    expect(line!.tools.map((tool) => tool.function)).toEqual([
      expect.objectContaining({ name: "apply_leave", description: "Files a leave request (February)." }),
    ]);
  });

  it("exports a tool the registry has no definition of with a note in its place, and counts such examples", async () => {
    await as("admin");
    const from = "2025-07-01";
    await plannedRun([{ tool: "retired_tool", args: { q: "x" } }], "Found x.", day(from));
    const filter = { from, to: from };
    expect(await summarizeTrainingExport(signedIn(), filter)).toMatchObject({ examples: 1, undefinedTools: 1 });
    const [line] = (await collect(streamTrainingExamples(signedIn(), filter, "openai", false))) as OpenAiLine[];
    expect(line!.tools.map((tool) => tool.function)).toEqual([
      {
        name: "retired_tool",
        description: `No definition of this tool was found in the tool registry for this run (${SERVER}/retired_tool); its parameters are unknown.`,
        parameters: { type: "object", properties: {} },
      },
    ]);
    expect(checkOpenAiChatLine(line)).toEqual([]);
  });
});
