import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Call = { tool: string; key: string | null };

/**
 * An HTTP proxy in front of an MCP server that can hold the answer of a tool's calls: the call reaches the server
 * (its side effect happens) but the caller does not hear back, never (`hold`: as when a worker dies with the step in
 * flight) or until released (`gate`: a step in flight while a worker is stopped). Every tools/call is logged with its
 * idempotency key.
 */
export async function startHoldingProxy(upstream: string) {
  const target = new URL(upstream);
  const calls: Call[] = [];
  let holdTool: string | null = null;
  let onHeld: (() => void) | null = null;
  let gated: { tool: string; arrived: () => void; opened: Promise<void> } | null = null;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const call = toolCall(body);
    if (call) calls.push(call);
    const hold = call !== null && call.tool === holdTool;
    const gate = call !== null && gated?.tool === call.tool ? gated : null;
    const upstreamRequest = forward(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (upstreamResponse) => {
        if (hold) {
          // Read the answer (so the server finishes the call) and never pass it on.
          upstreamResponse.resume();
          upstreamResponse.once("end", () => onHeld?.());
          return;
        }
        const pass = () => {
          res.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
          upstreamResponse.pipe(res);
        };
        if (!gate) return pass();
        gate.arrived();
        void gate.opened.then(pass);
      },
    );
    upstreamRequest.on("error", () => res.destroy());
    upstreamRequest.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    calls,
    /** Holds the answers of `tool`'s calls from now on; resolves when the server has answered one (and it was held). */
    hold(tool: string): Promise<void> {
      holdTool = tool;
      return new Promise((resolve) => (onHeld = resolve));
    },
    passThrough() {
      holdTool = null;
    },
    /** Delays the answers of `tool`'s calls until `release`; `reached` resolves when the server has answered one. */
    gate(tool: string) {
      let arrived!: () => void;
      let open!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      gated = { tool, arrived, opened };
      return { reached, release: () => ((gated = null), open()) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function toolCall(body: Buffer): Call | null {
  try {
    const message = JSON.parse(body.toString("utf8")) as {
      method?: string;
      params?: { name?: string; _meta?: Record<string, unknown> };
    };
    if (message.method !== "tools/call") return null;
    const key = message.params?._meta?.["io.routine-studio/idempotency-key"];
    return { tool: String(message.params?.name), key: typeof key === "string" ? key : null };
  } catch {
    return null;
  }
}
