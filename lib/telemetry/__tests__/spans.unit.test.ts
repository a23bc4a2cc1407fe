import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  callerTraceContext,
  flushTelemetry,
  newRunTraceContext,
  shutdownTelemetry,
  startTelemetry,
  traceChat,
  traceRunSegment,
  traceToolCall,
  type RunSegment,
} from "..";
import { otlpEnvironment, startOtlpReceiver, type OtlpReceiver } from "../testing/otlp-receiver";
import { spansOfRun } from "../testing/run-spans";

// The span helpers with the real SDK and exporter, sending to a receiver in this process (no database: the worker's
// use of them is tested end to end in lib/db/__tests__/run-traces.test.ts).

let receiver: OtlpReceiver;
const quiet = { info: () => undefined, warn: () => undefined };
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());
afterEach(() => shutdownTelemetry());

const segment = (overrides: Partial<RunSegment> = {}): RunSegment => ({
  runId: `run-${Math.random().toString(36).slice(2)}`,
  routineName: "Book leave",
  mode: "workflow",
  routineId: "routine-1",
  versionNumber: 3,
  source: "api",
  parentRunId: null,
  traceContext: newRunTraceContext(),
  ...overrides,
});

const answer = {
  content: null,
  toolCalls: [],
  finishReason: "stop",
  usage: { inputTokens: 11, outputTokens: 7 },
  model: "fake-1",
};

/** One segment that calls a tool and the model, as a worker's execution does. */
async function runSegment(run: RunSegment, args: Record<string, unknown> = { employee_id: "E1" }) {
  await traceRunSegment(
    run,
    async () => {
      await traceToolCall(
        {
          tool: "get_employee",
          server: "hr",
          callId: "step-run-1",
          runId: run.runId,
          stepId: "employee",
          arguments: args,
        },
        async () => ({ ok: true as const, value: { name: "Ada" }, origin: "live" }),
      );
      await traceChat(
        { model: "fake-1", purpose: "agent.turn", runId: run.runId, messages: [{ role: "user", content: "Book it" }] },
        async () => answer,
      );
      return "succeeded";
    },
    () => ({ status: "succeeded" }),
  );
  await vi.waitFor(() => expect(spansOfRun(receiver.spans(), run.runId)).toHaveLength(3), {
    timeout: 5_000,
    interval: 20,
  });
  return spansOfRun(receiver.spans(), run.runId);
}

describe("a run's spans", () => {
  it("are one tree in the run's stored trace: the segment as its root, a tool call and a model turn under it", async () => {
    await startTelemetry(otlpEnvironment(receiver.url), quiet);
    const run = segment();
    const spans = await runSegment(run);
    const root = spans.find((span) => span.name === "invoke_workflow Book leave")!;
    expect(root).toMatchObject({ traceId: run.traceContext!.traceId, parentSpanId: undefined, kind: 1 });
    expect(root.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_workflow",
      "gen_ai.workflow.name": "Book leave",
      "routine_studio.routine.version": 3,
    });
    expect(root.resource["service.name"]).toBe("routine-studio-test");
    const tool = spans.find((span) => span.name === "execute_tool get_employee")!;
    expect(tool).toMatchObject({ traceId: root.traceId, parentSpanId: root.spanId });
    expect(tool.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "get_employee",
      "gen_ai.tool.call.id": "step-run-1",
      "routine_studio.step.id": "employee",
      "routine_studio.step.state": "succeeded",
      "routine_studio.tool.origin": "live",
    });
    // Arguments and results only when the deployer opts in.
    expect(tool.attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
    expect(tool.attributes["gen_ai.tool.call.result"]).toBeUndefined();
    const chat = spans.find((span) => span.name === "chat fake-1")!;
    expect(chat).toMatchObject({ parentSpanId: root.spanId, kind: 3 });
    expect(chat.attributes).toMatchObject({
      "gen_ai.provider.name": "openai",
      "gen_ai.request.model": "fake-1",
      "gen_ai.response.model": "fake-1",
      "gen_ai.usage.input_tokens": 11,
      "gen_ai.usage.output_tokens": 7,
    });
    expect(chat.attributes["gen_ai.input.messages"]).toBeUndefined();
  });

  it("continue a caller's trace under the caller's span; an agent-mode run invokes an agent", async () => {
    await startTelemetry(otlpEnvironment(receiver.url), quiet);
    const caller = callerTraceContext("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")!;
    const spans = await runSegment(segment({ mode: "agent", traceContext: caller }));
    const root = spans.find((span) => span.name === "invoke_agent Book leave")!;
    expect(root).toMatchObject({ traceId: "0af7651916cd43dd8448eb211c80319c", parentSpanId: "b7ad6b7169203331" });
    expect(root.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "Book leave",
    });
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set(["0af7651916cd43dd8448eb211c80319c"]));
  });

  it("carry arguments, results and messages when the deployer opts in, with secrets redacted", async () => {
    await startTelemetry(
      otlpEnvironment(receiver.url, { OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "true" }),
      quiet,
    );
    const spans = await runSegment(segment(), { employee_id: "E7", api_key: "sk-test-abcdefghijklmnop" });
    const tool = spans.find((span) => span.name.startsWith("execute_tool"))!;
    expect(JSON.parse(String(tool.attributes["gen_ai.tool.call.arguments"]))).toEqual({
      employee_id: "E7",
      api_key: "[redacted]",
    });
    expect(JSON.parse(String(tool.attributes["gen_ai.tool.call.result"]))).toEqual({ name: "Ada" });
    const chat = spans.find((span) => span.name.startsWith("chat"))!;
    expect(JSON.parse(String(chat.attributes["gen_ai.input.messages"]))).toEqual([
      { role: "user", parts: [{ type: "text", content: "Book it" }] },
    ]);
  });

  it("mark a failed run, and a failed tool call, as errors", async () => {
    await startTelemetry(otlpEnvironment(receiver.url), quiet);
    const run = segment();
    await traceRunSegment(
      run,
      async () => {
        await traceToolCall(
          { tool: "apply_leave", server: "hr", callId: "s2", runId: run.runId, arguments: {} },
          async () => ({ ok: false as const, error: "No such employee", retryable: false }),
        );
        return "failed";
      },
      () => ({ status: "failed", error: "Step apply failed: No such employee" }),
    );
    await flushTelemetry();
    await vi.waitFor(() => expect(spansOfRun(receiver.spans(), run.runId)).toHaveLength(2));
    const spans = spansOfRun(receiver.spans(), run.runId);
    const root = spans.find((span) => span.name.startsWith("invoke_workflow"))!;
    expect(root.status).toMatchObject({ code: 2, message: "Step apply failed: No such employee" });
    expect(root.attributes["routine_studio.run.status"]).toBe("failed");
    const tool = spans.find((span) => span.name.startsWith("execute_tool"))!;
    expect(tool.status.code).toBe(2);
    expect(tool.attributes).toMatchObject({ "error.type": "tool_error", "routine_studio.step.state": "failed" });
  });

  it("are sent as OTLP protobuf unless the deployer asks for JSON", async () => {
    const { OTEL_EXPORTER_OTLP_PROTOCOL: _json, ...env } = otlpEnvironment(receiver.url);
    await startTelemetry(env, quiet);
    const before = receiver.protobuf().length;
    const run = segment({ routineName: "Protobuf check" });
    await traceRunSegment(
      run,
      async () => "succeeded",
      () => ({ status: "succeeded" }),
    );
    await vi.waitFor(() => expect(receiver.protobuf().length).toBeGreaterThan(before), {
      timeout: 5_000,
      interval: 20,
    });
    const sent = receiver.protobuf().slice(before);
    expect(sent[0]!.contentType).toBe("application/x-protobuf");
    expect(sent.some((request) => request.body.includes("invoke_workflow Protobuf check"))).toBe(true);
  });
});
