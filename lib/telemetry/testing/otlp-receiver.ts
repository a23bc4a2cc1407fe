import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Environment } from "../content";

// An OTLP/HTTP trace receiver in the test's own process: what a collector, Jaeger or Langfuse would be sent. It
// decodes OTLP/JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) into spans; protobuf bodies are kept as bytes (span names
// and string attributes appear in them as plain UTF-8).

/** A received span, its attributes as plain values. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  /** Undefined for a root span. */
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's span kind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number; message?: string };
  resource: Record<string, unknown>;
};

export type OtlpReceiver = {
  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT (spans are POSTed to /v1/traces under it). */
  url: string;
  spans(): ReceivedSpan[];
  /** Bodies sent as protobuf, with their content type. */
  protobuf(): Array<{ contentType: string; body: Buffer }>;
  close(): Promise<void>;
};

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
};
type KeyValue = { key: string; value: AnyValue };
type JsonSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  status?: { code?: number; message?: string };
};
type JsonRequest = {
  resourceSpans?: Array<{ resource?: { attributes?: KeyValue[] }; scopeSpans?: Array<{ spans?: JsonSpan[] }> }>;
};

function valueOf(value: AnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

const attributesOf = (list: KeyValue[] | undefined) =>
  Object.fromEntries((list ?? []).map((entry) => [entry.key, valueOf(entry.value)]));

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a receiver on a free loopback port; answers every export with 200 and an empty response. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const protobuf: Array<{ contentType: string; body: Buffer }> = [];
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const contentType = request.headers["content-type"] ?? "";
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      if (contentType.startsWith("application/json")) {
        const parsed = JSON.parse(body.toString("utf8")) as JsonRequest;
        for (const resourceSpans of parsed.resourceSpans ?? []) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                kind: span.kind,
                attributes: attributesOf(span.attributes),
                status: span.status ?? {},
                resource,
              });
        }
        response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
        return;
      }
      protobuf.push({ contentType, body });
      response.writeHead(200, { "Content-Type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    protobuf: () => [...protobuf],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL where nothing listens (a port taken and given back): an OTLP endpoint that is down. */
export async function closedEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The environment that points telemetry at `url`, as a deployer would set it (OTLP/JSON, short batches). */
export function otlpEnvironment(url: string, extra: Record<string, string> = {}): Environment {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: "routine-studio-test",
    OTEL_BSP_SCHEDULE_DELAY: "50",
    OTEL_EXPORTER_OTLP_TIMEOUT: "1000",
    ...extra,
  };
}
