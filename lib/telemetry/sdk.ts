import { context, propagation, trace, type Tracer } from "@opentelemetry/api";
import type { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { captureContentFrom, type Environment } from "./content";
import { BoundedSpanProcessor, countingExporter, type ExportCounts } from "./export-queue";
import { pinnableIds } from "./trace-ids";

// The OpenTelemetry SDK, started only when a deployer points the standard variables at an OTLP endpoint; otherwise no
// provider is registered, no SDK module is loaded, and every span call below is the API's no-op.

export const DEFAULT_SERVICE_NAME = "routine-studio";
const SCOPE = "routine-studio";

type Protocol = "http/protobuf" | "http/json";

/** What the environment asks of telemetry (the OTEL_* variables of the OpenTelemetry specification). */
export type TelemetryConfig =
  | { enabled: false; reason: string }
  | {
      enabled: true;
      /** Where spans are POSTed: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
      endpoint: string;
      protocol: Protocol;
      serviceName: string;
      captureContent: boolean;
      /** Spans held for export at most; past it new spans are dropped and counted (never waited for). */
      maxQueueSize: number;
      maxExportBatchSize: number;
      scheduledDelayMs: number;
      /** How long one export may take before it counts as failed (retries included). */
      exportTimeoutMs: number;
    };

/** Reads the standard variables; telemetry is off unless an OTLP endpoint is set (and OTEL_SDK_DISABLED is not true). */
export function telemetryConfig(env: Environment = process.env): TelemetryConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const number = (name: string, fallback: number) => {
    const parsed = Number(value(name));
    return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
  };
  if (value("OTEL_SDK_DISABLED")?.toLowerCase() === "true") return { enabled: false, reason: "OTEL_SDK_DISABLED" };
  if (value("OTEL_TRACES_EXPORTER")?.toLowerCase() === "none")
    return { enabled: false, reason: "OTEL_TRACES_EXPORTER=none" };
  const specific = value("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
  const base = value("OTEL_EXPORTER_OTLP_ENDPOINT");
  if (!specific && !base) return { enabled: false, reason: "no OTEL_EXPORTER_OTLP_ENDPOINT" };
  const endpoint = specific ?? `${base!.endsWith("/") ? base : `${base}/`}v1/traces`;
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol))
    return { enabled: false, reason: `the OTLP endpoint ${endpoint} is not an http(s) URL` };
  const protocol = (
    value("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") ??
    value("OTEL_EXPORTER_OTLP_PROTOCOL") ??
    "http/protobuf"
  ).toLowerCase();
  if (protocol !== "http/protobuf" && protocol !== "http/json")
    return { enabled: false, reason: `OTLP protocol ${protocol} is not supported (use http/protobuf or http/json)` };
  const maxQueueSize = number("OTEL_BSP_MAX_QUEUE_SIZE", 2048);
  return {
    enabled: true,
    endpoint,
    protocol,
    serviceName: value("OTEL_SERVICE_NAME") ?? DEFAULT_SERVICE_NAME,
    captureContent: captureContentFrom(env),
    maxQueueSize,
    maxExportBatchSize: Math.min(maxQueueSize, number("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", 512)),
    // Sooner than the SDK's 5 s, so a finished run shows in the backend while someone looks for it.
    scheduledDelayMs: number("OTEL_BSP_SCHEDULE_DELAY", 1_000),
    // Shorter than the SDK's 10–30 s: an endpoint that does not answer costs a batch, never a pile of waiting exports.
    exportTimeoutMs: number("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", number("OTEL_EXPORTER_OTLP_TIMEOUT", 5_000)),
  };
}

export type TelemetryStatus = ExportCounts & {
  enabled: boolean;
  endpoint: string | null;
  protocol: Protocol | null;
  serviceName: string | null;
  captureContent: boolean;
};

type Enabled = Extract<TelemetryConfig, { enabled: true }>;
type Telemetry = {
  config: Enabled;
  counts: ExportCounts;
  provider: NodeTracerProvider | null;
  started: Promise<void>;
  /** Flushes what is queued (within the export timeout) and unregisters the SDK (test/process-state.ts calls it). */
  stop(): Promise<void>;
};

// One per process, on globalThis like the run worker: Next may load this module more than once.
const holder = globalThis as unknown as { routineStudioTelemetry?: Telemetry };

/** Whether spans are being recorded for export (the SDK was started). */
export function isTracing(): boolean {
  return Boolean(holder.routineStudioTelemetry?.provider);
}

/** Whether spans may carry arguments, results and messages (the deployer opted in, and telemetry is on). */
export function capturesContent(): boolean {
  return isTracing() && holder.routineStudioTelemetry!.config.captureContent;
}

/** Our tracer: the started provider's, else the API's global one (a no-op unless someone registered a provider). */
export function tracer(): Tracer {
  return holder.routineStudioTelemetry?.provider?.getTracer(SCOPE) ?? trace.getTracer(SCOPE);
}

/** Whether telemetry is on, where spans go, and how many were exported, dropped or failed. */
export function telemetryStatus(): TelemetryStatus {
  const current = holder.routineStudioTelemetry;
  const counts = current?.counts ?? { exportedSpans: 0, droppedSpans: 0, exportFailures: 0 };
  return {
    ...counts,
    enabled: Boolean(current?.provider),
    endpoint: current?.config.endpoint ?? null,
    protocol: current?.config.protocol ?? null,
    serviceName: current?.config.serviceName ?? null,
    captureContent: current?.config.captureContent ?? false,
  };
}

/**
 * Starts the SDK when `env` names an OTLP endpoint: a tracer provider with a bounded batch processor and the OTLP/HTTP
 * exporter (protobuf, or JSON with OTEL_EXPORTER_OTLP_PROTOCOL=http/json), registered as the global provider with the
 * W3C propagator and an async-local context. Without an endpoint it registers nothing and loads no SDK module. Called
 * once per process (the web server's instrumentation, the standalone worker); later calls return the same status.
 * Never throws: a telemetry that cannot start is reported and left off.
 */
export async function startTelemetry(
  env: Environment = process.env,
  log: Pick<Console, "info" | "warn"> = console,
): Promise<TelemetryStatus> {
  const running = holder.routineStudioTelemetry;
  if (running) {
    await running.started;
    return telemetryStatus();
  }
  const config = telemetryConfig(env);
  if (!config.enabled) return telemetryStatus();
  const telemetry: Telemetry = {
    config,
    counts: { exportedSpans: 0, droppedSpans: 0, exportFailures: 0 },
    provider: null,
    started: Promise.resolve(),
    async stop() {
      await telemetry.started;
      const provider = telemetry.provider;
      if (!provider) return;
      telemetry.provider = null;
      await withinMs(provider.shutdown(), config.exportTimeoutMs * 2);
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
  holder.routineStudioTelemetry = telemetry;
  telemetry.started = register(telemetry, env, log).catch((error: unknown) => {
    log.warn(`[telemetry] traces are off: the OpenTelemetry SDK could not start: ${String(error)}`);
    if (holder.routineStudioTelemetry === telemetry) delete holder.routineStudioTelemetry;
  });
  await telemetry.started;
  if (isTracing()) log.info(`[telemetry] sending traces to ${config.endpoint} (${config.protocol})`);
  return telemetryStatus();
}

async function register(telemetry: Telemetry, env: Environment, log: Pick<Console, "warn">): Promise<void> {
  const { config, counts } = telemetry;
  // Loaded only when tracing is on: a deployment without an endpoint never evaluates the SDK.
  const [{ BatchSpanProcessor, NodeTracerProvider, RandomIdGenerator }, resources, exporter] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/resources"),
    config.protocol === "http/json"
      ? import("@opentelemetry/exporter-trace-otlp-http")
      : import("@opentelemetry/exporter-trace-otlp-proto"),
  ]);
  let lastWarning = 0;
  let bounded: BoundedSpanProcessor | null = null;
  const otlp = new exporter.OTLPTraceExporter({ url: config.endpoint, timeoutMillis: config.exportTimeoutMs });
  const counting = countingExporter(otlp, counts, {
    settled: (spans) => bounded?.settle(spans),
    failed(error) {
      // Once a minute at most: an endpoint that is down must not flood the log either.
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      log.warn(
        `[telemetry] spans could not be sent to ${config.endpoint}: ${error?.message ?? "the export failed"} ` +
          `(${counts.droppedSpans} dropped so far; runs are not affected)`,
      );
    },
  });
  const batch = new BatchSpanProcessor(counting, {
    maxQueueSize: config.maxQueueSize,
    maxExportBatchSize: config.maxExportBatchSize,
    scheduledDelayMillis: config.scheduledDelayMs,
    exportTimeoutMillis: config.exportTimeoutMs,
  });
  bounded = new BoundedSpanProcessor(batch, config.maxQueueSize, counts);
  // OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME as the specification reads them; our name when neither sets one.
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ "service.name": DEFAULT_SERVICE_NAME }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }))
    .merge(
      env.OTEL_SERVICE_NAME?.trim() ? resources.resourceFromAttributes({ "service.name": config.serviceName }) : null,
    );
  const provider = new NodeTracerProvider({
    resource,
    idGenerator: pinnableIds(new RandomIdGenerator()),
    spanProcessors: [bounded],
  });
  provider.register();
  telemetry.provider = provider;
}

/** Exports what is queued now, waiting at most the export timeout; what cannot be sent is counted as dropped. */
export async function flushTelemetry(): Promise<void> {
  const current = holder.routineStudioTelemetry;
  if (!current?.provider) return;
  await withinMs(current.provider.forceFlush(), current.config.exportTimeoutMs * 2);
}

/**
 * Flushes what is queued (bounded by the export timeout, so an endpoint that is down delays a shutdown by seconds at
 * most) and unregisters the SDK. Called when a worker drains; safe to call when telemetry never started.
 */
export async function shutdownTelemetry(): Promise<void> {
  const current = holder.routineStudioTelemetry;
  if (!current) return;
  delete holder.routineStudioTelemetry;
  await current.stop();
}

/** Waits for `promise` at most `ms`; its failure is swallowed (telemetry never fails its caller). */
async function withinMs(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref?.();
    }),
  ]);
  clearTimeout(timer);
}
