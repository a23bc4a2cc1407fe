import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { computeBackoffMs, type BackoffPolicy } from "./backoff";
import { toCallResult } from "./call-result";
import { createDeadline, delay, failureWithin, raceAbort, type Deadline } from "./deadline";
import { gatewayError, normalizeToolError, ToolGatewayError, type ToolErrorContext } from "./errors";
import { fetchAllTools } from "./tool-list";
import { openTransport, secretsOf, type OpenedTransport } from "./transport";
import {
  IDEMPOTENCY_META_KEY,
  type CallToolOptions,
  type GatewayTool,
  type ToolCallResult,
  type ToolServerConfig,
} from "./types";
import { assertValidArguments } from "./validate-arguments";

export type ConnectionOptions = {
  connectTimeoutMs: number;
  /** Budget for a shared tool-list fetch (callers still wait only as long as their own deadline). */
  listTimeoutMs: number;
  maxOutputBytes: number;
  backoff: BackoffPolicy;
  onToolListChanged?: () => void;
};

/** One live MCP session. `closed` flips once, whether we closed it or the server went away. */
type Live = OpenedTransport & { client: Client; generation: number; connectedAt: number; closed: boolean };

/** A connection that stayed up this long is considered healthy: its loss restarts the backoff from the start. */
const HEALTHY_UPTIME_MS = 30_000;
/** Codes after which the session is assumed broken and is dropped, so the next use reconnects. */
const DROPS_SESSION = new Set(["server_unavailable", "connection_lost"]);

/**
 * The gateway's link to one MCP server: connects lazily, reuses the session, caches the tool list until the
 * server says it changed, and after a loss (crashed stdio child, unreachable HTTP server) reconnects on the next
 * use after an exponential backoff with jitter. Concurrent callers share one connect and one list fetch; each
 * waits only within its own budget.
 */
export class ServerConnection {
  private live: Live | null = null;
  private connecting: Promise<Live> | null = null;
  private tools: { generation: number; promise: Promise<GatewayTool[]> } | null = null;
  private generation = 0;
  private failures = 0;
  private retryAt = 0;
  private closing = new Set<Promise<void>>();
  private shutDown = false;
  /** Aborts a connect in progress (or its backoff wait) when the connection is closed. */
  private readonly shutdownSignal = new AbortController();

  constructor(
    readonly config: ToolServerConfig,
    private readonly options: ConnectionOptions,
  ) {}

  /** Whether a session is currently up. */
  get connected(): boolean {
    return this.live !== null && !this.live.closed;
  }

  /** The stdio child's pid while connected (tests kill it to simulate a crash). */
  get pid(): number | null {
    return this.live && !this.live.closed ? this.live.pid() : null;
  }

  /** The server's tools, from cache when the session has not changed and no `list_changed` arrived since. */
  async listTools(deadline: Deadline): Promise<GatewayTool[]> {
    const ctx = this.context("list");
    try {
      return await this.cachedTools(deadline);
    } catch (err) {
      throw this.failed(err, deadline, ctx);
    }
  }

  /** Validates, sends and shapes one `tools/call`. Tool-level errors are returned with `isError: true`. */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: CallToolOptions,
    defaultTimeoutMs: number,
  ): Promise<ToolCallResult> {
    const deadline = createDeadline(options.timeoutMs ?? defaultTimeoutMs, options.signal);
    const ctx = { ...this.context("call"), tool: name };
    try {
      const tool = await this.findTool(name, deadline, ctx);
      assertValidArguments(tool, args, ctx);
      const live = await this.acquire(deadline);
      const params = {
        name,
        arguments: args,
        ...(options.idempotencyKey ? { _meta: { [IDEMPOTENCY_META_KEY]: options.idempotencyKey } } : {}),
      };
      const send = (client: Client) =>
        client.request({ method: "tools/call", params }, CallToolResultSchema, {
          signal: deadline.signal,
          timeout: deadline.remainingMs(),
        });
      const started = performance.now();
      const raw = await send(live.client).catch(async (err: unknown) => {
        // A restarted HTTP server answers 404 to our old session before running anything: safe to resend once.
        if (!isUnknownSession(err)) throw err;
        this.dispose(live);
        return send((await this.acquire(deadline)).client);
      });
      const limits = {
        maxOutputBytes: options.maxOutputBytes ?? this.options.maxOutputBytes,
        durationMs: performance.now() - started,
      };
      return toCallResult(raw, tool, ctx, limits);
    } catch (err) {
      throw this.failed(err, deadline, ctx);
    }
  }

  /** MCP `ping` round trip, connecting first if needed. */
  async ping(deadline: Deadline): Promise<{ durationMs: number }> {
    const ctx = this.context("ping");
    try {
      const live = await this.acquire(deadline);
      const started = performance.now();
      await live.client.ping({ signal: deadline.signal, timeout: deadline.remainingMs() });
      return { durationMs: Math.round(performance.now() - started) };
    } catch (err) {
      throw this.failed(err, deadline, ctx);
    }
  }

  /** Forgets the cached tool list; the next use lists again. */
  invalidateTools(): void {
    this.tools = null;
  }

  /** Ends the session and stops the child; waits until every child this connection started has exited. */
  async close(): Promise<void> {
    this.shutDown = true;
    this.shutdownSignal.abort();
    if (this.live) this.dispose(this.live);
    await this.connecting?.catch(() => undefined);
    if (this.live) this.dispose(this.live);
    await Promise.all([...this.closing]);
  }

  private async findTool(name: string, deadline: Deadline, ctx: ToolErrorContext): Promise<GatewayTool> {
    let tools = await this.cachedTools(deadline);
    let tool = tools.find((candidate) => candidate.name === name);
    if (!tool) {
      // The list may have changed without a notification: look once more before giving up.
      this.invalidateTools();
      tools = await this.cachedTools(deadline);
      tool = tools.find((candidate) => candidate.name === name);
    }
    if (!tool) {
      const offered =
        tools
          .slice(0, 20)
          .map((t) => t.name)
          .join(", ") || "no tools";
      throw gatewayError("unknown_tool", ctx, `is not offered by the server (it offers: ${offered}).`, {
        details: { available: tools.map((t) => t.name) },
      });
    }
    return tool;
  }

  private async cachedTools(deadline: Deadline): Promise<GatewayTool[]> {
    const live = await this.acquire(deadline);
    if (this.tools?.generation !== live.generation) {
      const promise = fetchAllTools(live.client, this.config.name, { timeout: this.options.listTimeoutMs });
      const entry = { generation: live.generation, promise };
      this.tools = entry;
      promise.catch(() => {
        if (this.tools === entry) this.tools = null;
      });
    }
    return raceAbort(this.tools.promise, deadline.signal);
  }

  private acquire(deadline: Deadline): Promise<Live> {
    if (this.shutDown) {
      return Promise.reject(
        gatewayError("server_unavailable", this.context(), "is closed: the gateway was shut down.", {
          retryable: false,
        }),
      );
    }
    if (this.live && !this.live.closed) return Promise.resolve(this.live);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return raceAbort(this.connecting, deadline.signal);
  }

  private async connect(): Promise<Live> {
    const ctx = this.context("connect");
    const closedError = () =>
      gatewayError("server_unavailable", ctx, "is closed: the gateway was shut down.", { retryable: false });
    const wait = this.retryAt - Date.now();
    if (wait > 0) await delay(wait, this.shutdownSignal.signal).catch(() => undefined);
    if (this.shutDown) throw closedError();
    const timer = AbortSignal.timeout(this.options.connectTimeoutMs);
    const stop = AbortSignal.any([timer, this.shutdownSignal.signal]);
    const generation = ++this.generation;
    let live: Live | null = null;
    try {
      const opened = openTransport(this.config);
      const client = new Client({ name: "routine-studio", version: "1.0.0" }, { capabilities: {} });
      live = { ...opened, client, generation, connectedAt: 0, closed: false };
      const current = live;
      client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        if (this.live !== current) return;
        this.invalidateTools();
        this.options.onToolListChanged?.();
      });
      client.onclose = () => this.lost(current);
      await raceAbort(client.connect(opened.transport, { signal: stop, timeout: this.options.connectTimeoutMs }), stop);
      if (this.shutDown) throw closedError();
      live.connectedAt = Date.now();
      this.live = live;
      return live;
    } catch (err) {
      this.recordFailure();
      const stderr = live?.stderrTail().trim() ?? "";
      if (live) this.dispose(live, true);
      const error = this.shutDown
        ? closedError()
        : timer.aborted
          ? gatewayError(
              "timeout",
              ctx,
              `did not complete the MCP handshake within ${this.options.connectTimeoutMs} ms.`,
              { cause: err },
            )
          : normalizeToolError(err, ctx);
      throw withStderr(error, stderr, ctx.secrets ?? []);
    }
  }

  /** The SDK saw the transport close: a crashed or exited stdio child, or a closed HTTP session. */
  private lost(live: Live): void {
    if (live.closed) return;
    live.closed = true;
    if (this.live === live) this.countLoss(live);
  }

  private failed(err: unknown, deadline: Deadline, ctx: ToolErrorContext): ToolGatewayError {
    const error = failureWithin(err, deadline, ctx);
    const live = this.live;
    if (live && DROPS_SESSION.has(error.code) && this.config.transport.kind === "http") {
      // HTTP has no "process exited" signal: an unreachable server or an unknown session means start over.
      this.countLoss(live);
      this.dispose(live);
    }
    return error;
  }

  /** A session we did not end: schedule the reconnect, backing off further if it died young. */
  private countLoss(live: Live): void {
    this.live = null;
    this.tools = null;
    if (Date.now() - live.connectedAt > HEALTHY_UPTIME_MS) this.failures = 0;
    this.recordFailure();
  }

  private recordFailure(): void {
    this.failures += 1;
    this.retryAt = Date.now() + computeBackoffMs(this.failures, this.options.backoff);
  }

  /** Closes a session we no longer want. `hung`: kill the child first rather than wait for it to notice EOF. */
  private dispose(live: Live, hung = false): void {
    live.closed = true;
    if (this.live === live) {
      this.live = null;
      this.tools = null;
    }
    const pid = live.pid();
    if (hung && pid) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
    const closing = live.client
      .close()
      .catch(() => undefined)
      .then(() => live.cleanup());
    this.closing.add(closing);
    void closing.finally(() => this.closing.delete(closing));
  }

  private context(operation?: ToolErrorContext["operation"]): ToolErrorContext {
    return { server: this.config.name, operation, secrets: secretsOf(this.config) };
  }
}

// Lines that close a failed start but say nothing about it: npm's log path, node's version banner, stack frames.
const STDERR_NOISE = [
  /^npm (error|ERR!) (A complete log of this run|code |errno |syscall )/i,
  /^Node\.js v\d/,
  /^\s+at /,
  /^\s*\^+\s*$/,
];
const STDERR_ERROR = /\b(error|fatal|cannot|canceled|refused|denied|not found|missing|ENOENT|EACCES)\b/i;

/**
 * The stderr line that says why a child would not start: the first that reads as an error (npx's "canceled due to
 * missing packages and no YES option", node's "Error: Cannot find module …"), else the last that is not noise.
 */
function tellingStderrLine(text: string): string {
  const lines = text.split("\n").filter((line) => line.trim() && !STDERR_NOISE.some((noise) => noise.test(line)));
  return (lines.find((line) => STDERR_ERROR.test(line)) ?? lines.at(-1) ?? "").trim();
}

/** Adds the child's telling stderr line to a connect error: usually the real reason ("Cannot find module …"). */
function withStderr(error: ToolGatewayError, stderr: string, secrets: readonly string[]): ToolGatewayError {
  let text = stderr;
  for (const secret of secrets) text = text.split(secret).join("[redacted]");
  if (!text) return error;
  const telling = tellingStderrLine(text).slice(0, 200);
  const details = { ...(typeof error.details === "object" && error.details ? error.details : {}), stderr: text };
  return new ToolGatewayError(error.code, `${error.message} Its last output: ${telling}`, {
    server: error.server,
    tool: error.tool,
    details,
    retryable: error.retryable,
    cause: error,
  });
}

/** The Streamable HTTP answer to a request on a session the server no longer knows. */
function isUnknownSession(err: unknown): boolean {
  return err instanceof StreamableHTTPError && err.code === 404;
}
