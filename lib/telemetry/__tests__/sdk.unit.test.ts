import { trace, TraceFlags } from "@opentelemetry/api";
import type { ReadableSpan, SpanExporter, SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isTracing, shutdownTelemetry, startTelemetry, telemetryConfig, telemetryStatus, traceRunSegment } from "..";
import { BoundedSpanProcessor, countingExporter, type ExportCounts } from "../export-queue";

afterEach(() => shutdownTelemetry());

describe("which endpoint the standard variables name", () => {
  it("is off without an OTLP endpoint, or when the SDK or the traces exporter is switched off", () => {
    expect(telemetryConfig({})).toMatchObject({ enabled: false });
    expect(telemetryConfig({ OTEL_SERVICE_NAME: "x" })).toMatchObject({ enabled: false });
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(telemetryConfig({ ...endpoint, OTEL_SDK_DISABLED: "true" })).toMatchObject({ enabled: false });
    expect(telemetryConfig({ ...endpoint, OTEL_TRACES_EXPORTER: "none" })).toMatchObject({ enabled: false });
  });

  it("appends /v1/traces to the base endpoint, and takes the traces endpoint as it is", () => {
    expect(telemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toMatchObject({
      enabled: true,
      endpoint: "http://collector:4318/v1/traces",
      protocol: "http/protobuf",
      serviceName: "routine-studio",
      captureContent: false,
    });
    expect(
      telemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://cloud.langfuse.com/api/public/otel/" }),
    ).toMatchObject({ endpoint: "https://cloud.langfuse.com/api/public/otel/v1/traces" });
    expect(
      telemetryConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://ignored:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://phoenix:6006/v1/traces",
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_SERVICE_NAME: "studio-eu",
        OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "true",
      }),
    ).toMatchObject({
      endpoint: "http://phoenix:6006/v1/traces",
      protocol: "http/json",
      serviceName: "studio-eu",
      captureContent: true,
    });
  });

  it("refuses what it cannot send to rather than failing later: gRPC, or an endpoint that is no http(s) URL", () => {
    expect(
      telemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4317", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }),
    ).toMatchObject({ enabled: false, reason: expect.stringMatching(/grpc is not supported/) });
    expect(telemetryConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toMatchObject({ enabled: false });
  });
});

describe("with no endpoint set", () => {
  it("starts nothing: no provider is registered, no span records, a run segment runs as it is", async () => {
    const info = vi.fn();
    const status = await startTelemetry({ OTEL_SERVICE_NAME: "routine-studio" }, { info, warn: vi.fn() });
    expect(status).toMatchObject({ enabled: false, endpoint: null, droppedSpans: 0, exportFailures: 0 });
    expect(isTracing()).toBe(false);
    expect(telemetryStatus().enabled).toBe(false);
    expect(info).not.toHaveBeenCalled();
    const span = trace.getTracer("check").startSpan("anything");
    expect(span.isRecording()).toBe(false);
    span.end();
    const segment = {
      runId: "r1",
      routineName: "Book leave",
      mode: "workflow" as const,
      routineId: null,
      versionNumber: null,
      source: "ui",
      parentRunId: null,
      traceContext: null,
    };
    const ended = vi.fn(() => ({ status: "succeeded" }));
    await expect(traceRunSegment(segment, async () => "succeeded", ended)).resolves.toBe("succeeded");
    expect(ended).not.toHaveBeenCalled();
  });
});

/** A finished span with just what the processor reads. */
const finished = (sampled = true) =>
  ({ spanContext: () => ({ traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE }) }) as unknown as ReadableSpan;

describe("the export queue", () => {
  it("holds at most its bound of unacknowledged spans, drops and counts the rest, and frees places as exports answer", () => {
    const counts: ExportCounts = { exportedSpans: 0, droppedSpans: 0, exportFailures: 0 };
    const inner = { onStart: vi.fn(), onEnd: vi.fn(), forceFlush: vi.fn(), shutdown: vi.fn() } as SpanProcessor;
    const bounded = new BoundedSpanProcessor(inner, 2, counts);
    for (let index = 0; index < 5; index++) bounded.onEnd(finished());
    bounded.onEnd(finished(false));
    expect(inner.onEnd).toHaveBeenCalledTimes(2);
    expect(counts.droppedSpans).toBe(3);
    bounded.settle(2);
    bounded.onEnd(finished());
    expect(inner.onEnd).toHaveBeenCalledTimes(3);
  });

  it("counts a failed export's spans as dropped, and its batch as a failure", () => {
    const counts: ExportCounts = { exportedSpans: 0, droppedSpans: 0, exportFailures: 0 };
    const settled = vi.fn();
    const failed = vi.fn();
    let ok = true;
    const inner: SpanExporter = {
      export: (_spans, done) => done(ok ? { code: 0 } : { code: 1, error: new Error("ECONNREFUSED") }),
      shutdown: async () => undefined,
    };
    const exporter = countingExporter(inner, counts, { settled, failed });
    const done = vi.fn();
    exporter.export([finished(), finished()], done);
    ok = false;
    exporter.export([finished(), finished(), finished()], done);
    expect(counts).toEqual({ exportedSpans: 2, droppedSpans: 3, exportFailures: 1 });
    expect(settled.mock.calls).toEqual([[2], [3]]);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: "ECONNREFUSED" }));
    expect(done).toHaveBeenCalledTimes(2);
  });
});
