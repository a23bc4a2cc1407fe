import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { guardedFetch } from "../outbound";
import { forbiddenEnvMessage, isForbiddenEnvName } from "../tools";
import { gatewayError } from "./errors";
import type { ToolServerConfig } from "./types";

/** A transport plus what the connection needs to diagnose it. */
export type OpenedTransport = {
  transport: Transport;
  /** The child's pid for stdio servers (once started), else null. */
  pid(): number | null;
  /** The last few KB the stdio child wrote to stderr: why it would not start, in its own words. */
  stderrTail(): string;
  /** Removes what the transport made for its child (its empty working folder). Safe to call more than once. */
  cleanup(): void;
};

// The SDK's stdio reader refuses lines over 10 MB and then drops the connection; we raise its ceiling so the
// per-call `maxOutputBytes` check (default 1 MB) is what normally rejects a huge result, with a clear error.
const STDIO_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
const STDERR_TAIL_CHARS = 4096;

/**
 * A fresh, empty, private folder for one stdio child to start in. Started in the app's folder, a server's relative
 * paths (`server-filesystem .`, a `.env` it reads, files it writes) would reach the auth secret, the database and
 * the build; here they reach nothing.
 */
function emptyWorkingFolder(): { cwd: string; remove(): void } {
  const cwd = mkdtempSync(path.join(tmpdir(), "mcp-stdio-"));
  return { cwd, remove: () => rmSync(cwd, { recursive: true, force: true }) };
}

/**
 * Builds (does not start) the transport for a server. Throws `server_unavailable` for an unusable URL, and for an
 * environment variable that is never passed to a child (the registry refuses those first; this is the last gate).
 */
export function openTransport(config: ToolServerConfig): OpenedTransport {
  const spec = config.transport;
  if (spec.kind === "stdio") {
    const forbidden = Object.keys(spec.env ?? {}).find(isForbiddenEnvName);
    if (forbidden) {
      const reason = `was not started: ${forbiddenEnvMessage(forbidden)}`;
      throw gatewayError("server_unavailable", { server: config.name }, reason, { retryable: false });
    }
    const folder = spec.cwd === undefined ? emptyWorkingFolder() : null;
    const transport = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: spec.env,
      cwd: spec.cwd ?? folder?.cwd,
      // Piped, not inherited: a server's logs must not land in our stdout, and we keep the tail for errors.
      stderr: "pipe",
      maxBufferSize: STDIO_MAX_MESSAGE_BYTES,
    });
    let tail = "";
    // Reading is also what keeps the pipe drained: an unread stderr pipe fills up and blocks the child.
    transport.stderr?.on("data", (chunk: Buffer) => {
      tail = (tail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    const cleanup = () => folder?.remove();
    // The SDK keeps this handler when the client connects (it chains its own): the folder goes when the child does.
    transport.onclose = cleanup;
    return { transport, pid: () => transport.pid, stderrTail: () => tail, cleanup };
  }

  let url: URL;
  try {
    url = new URL(spec.url);
  } catch {
    throw gatewayError("server_unavailable", { server: config.name }, "has an invalid URL.", { retryable: false });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw gatewayError(
      "server_unavailable",
      { server: config.name },
      `has a URL with unsupported scheme "${url.protocol}".`,
      { retryable: false },
    );
  }
  const headers: Record<string, string> = {};
  if (spec.bearerToken) headers.Authorization = `Bearer ${spec.bearerToken}`;
  // The guarded fetch applies the outbound policy on every connection (after DNS) and follows no redirect.
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch: guardedFetch });
  return { transport, pid: () => null, stderrTail: () => "", cleanup: () => undefined };
}

/** What to call the endpoint in messages: the command's name or the URL without credentials and query. */
export function describeEndpoint(config: ToolServerConfig): string {
  const spec = config.transport;
  if (spec.kind === "stdio") return spec.command.split("/").pop() ?? spec.command;
  try {
    const url = new URL(spec.url);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}

/** Strings that must never appear in an error: the bearer token and any credentials embedded in the URL. */
export function secretsOf(config: ToolServerConfig): string[] {
  const spec = config.transport;
  if (spec.kind === "stdio") return Object.values(spec.env ?? {}).filter((value) => value.length >= 8);
  const secrets = spec.bearerToken ? [spec.bearerToken] : [];
  try {
    const url = new URL(spec.url);
    if (url.password) secrets.push(url.password);
    if (url.search) secrets.push(url.search.slice(1));
  } catch {
    // An invalid URL is reported without echoing it.
  }
  return secrets;
}
