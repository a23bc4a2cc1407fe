import "server-only";
import type { JsonValue, ToolDefinition, ToolRef } from "../../routine";
import type { ToolOutcome, ToolPort } from "../engine";
import {
  argumentIssues,
  sharedToolGateway,
  type ToolCallResult,
  type ToolGateway,
  ToolGatewayError,
  type ToolServerConfig,
} from "../../tool-gateway";
import { simulatedToolAnswer, toolKey } from "../../tools";
import { prisma, withDbErrors } from "../../db/core";
import { readCatalogTools, readDefinition, readToolCallPolicy, toGatewayConfig } from "../../db/tools";
import { keyParts, pinnedOutcome } from "./run-tool-fixtures";
import { isSandboxedRun } from "./run-sandbox";

type Known = { definition: ToolDefinition; config: ToolServerConfig };
type Unknown = { problem: string };

/** How long the port trusts what it read of the registry; a refresh or a disabled server shows after this. */
const REGISTRY_TTL_MS = 5_000;
/** Runs whose sandbox fact the port remembers (it never changes for a run); forgotten all at once past this. */
const SANDBOX_FACTS_KEPT = 10_000;

/**
 * The engine's ToolPort over the registry (current tool snapshots of enabled servers) and the process's tool
 * gateway. A tool of an unknown or disabled server, or one its server no longer lists, fails without a call and
 * is not retried; timeouts and lost connections are retryable; a tool's own error is not. A run that pins tool
 * outputs (a test case's) gets them instead of live calls while they last (run-tool-fixtures.ts). A sandboxed run
 * (an evaluation's, or a sub-routine run under one: run-sandbox.ts) never calls a tool that changes data (the rule
 * of lib/tools/side-effects.ts, read fresh for each call): such a call is answered with a labelled simulated answer
 * (lib/tools/simulated-answer.ts) and nothing is sent. Every answer says where it came from (`origin`).
 */
export function createRegistryToolPort(options: { gateway?: ToolGateway; now?: () => number } = {}): ToolPort {
  const now = options.now ?? Date.now;
  // The promise is kept, not the answer: when the entry expires, the many runs calling the tool at that moment
  // share one registry read instead of each making its own.
  const cache = new Map<string, { at: number; entry: Promise<Known | Unknown> }>();
  const sandboxed = new Map<string, boolean>();

  async function isSandboxed(runId: string): Promise<boolean> {
    const known = sandboxed.get(runId);
    if (known !== undefined) return known;
    const fact = await isSandboxedRun(runId);
    if (sandboxed.size >= SANDBOX_FACTS_KEPT) sandboxed.clear();
    sandboxed.set(runId, fact);
    return fact;
  }

  async function lookup(ref: ToolRef): Promise<Known | Unknown> {
    const key = toolKey(ref);
    const cached = cache.get(key);
    if (cached && now() - cached.at < REGISTRY_TTL_MS) return cached.entry;
    const entry = readTool(ref);
    cache.set(key, { at: now(), entry });
    // A failed read (the database away) is not kept: the next call reads again.
    entry.catch(() => cache.get(key)?.entry === entry && cache.delete(key));
    return entry;
  }

  return {
    async describe(tools) {
      const entries = await Promise.all(tools.map(lookup));
      return entries.flatMap((entry) => ("definition" in entry ? [entry.definition] : []));
    },

    /** Every current tool of enabled servers: what the paper's baseline ("no routine") offers the model. */
    catalog: () => readCatalogTools(),

    async checkArguments(tool, args) {
      const entry = await lookup(tool);
      if (!("definition" in entry)) return [entry.problem];
      return argumentIssues(entry.definition, args).map((issue) => `${issue.path}: ${issue.message}`);
    },

    async call(tool, args, { idempotencyKey, timeoutMs, signal, runId }): Promise<ToolOutcome> {
      const entry = await lookup(tool);
      if (!("definition" in entry)) return { ok: false, error: entry.problem, retryable: false };
      const key = keyParts(idempotencyKey);
      const id = runId ?? key.runId;
      // A test case's pinned output stands in for the live tool, so the case does not depend on live data.
      const pinned = await pinnedOutcome(id, key.stepRunId, tool);
      if (pinned) return { ...pinned, origin: "pinned" };
      if (await isSandboxed(id)) {
        const policy = await withDbErrors(() => readToolCallPolicy(tool));
        if (policy.effects.sideEffects !== "read_only") {
          const answer = simulatedToolAnswer({ ...tool, outputSchema: policy.outputSchema }, args);
          return { ok: true, value: answer.value, text: answer.text, origin: "simulated" };
        }
      }
      try {
        const gateway = options.gateway ?? sharedToolGateway();
        const result = await gateway.callTool(entry.config, tool.name, args, { idempotencyKey, timeoutMs, signal });
        const outcome = toOutcome(result);
        return outcome.ok ? { ...outcome, origin: "live" } : outcome;
      } catch (error) {
        if (error instanceof ToolGatewayError) return { ok: false, error: error.message, retryable: error.retryable };
        return {
          ok: false,
          error: `Tool "${tool.name}" on server "${tool.server}" failed: ${error instanceof Error ? error.message : String(error)}`,
          retryable: false,
        };
      }
    },
  };
}

/** The tool as the registry has it; a registry that cannot be read throws DatabaseUnavailableError (stops the run). */
async function readTool(ref: ToolRef): Promise<Known | Unknown> {
  const server = await withDbErrors(() => prisma.toolServer.findUnique({ where: { name: ref.server } }));
  if (!server)
    return { problem: `The tool server "${ref.server}" is not registered, so "${ref.name}" cannot be called.` };
  if (!server.enabled)
    return {
      problem: `The tool server "${ref.server}" is disabled, so "${ref.name}" cannot be called. An admin can enable it on the Tools page.`,
    };
  const snapshot = await withDbErrors(() =>
    prisma.toolSnapshot.findFirst({
      where: { serverId: server.id, toolName: ref.name, current: true, removedAt: null },
    }),
  );
  if (!snapshot) return { problem: `The server "${ref.server}" no longer offers the tool "${ref.name}".` };
  let config: ToolServerConfig;
  try {
    config = toGatewayConfig(server);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  const stored = readDefinition(snapshot.definition);
  return {
    config,
    definition: {
      server: ref.server,
      name: ref.name,
      description: stored.description,
      inputSchema: (stored.inputSchema ?? { type: "object" }) as ToolDefinition["inputSchema"],
    },
  };
}

/** A tool's answer as the engine wants it: structured content, else the text (parsed when it is JSON). */
export function toOutcome(result: ToolCallResult): ToolOutcome {
  if (result.isError)
    return {
      ok: false,
      error: result.text.trim() || "The tool reported an error without a message.",
      retryable: false,
    };
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    return { ok: true, value: result.structuredContent as JsonValue, text: result.text };
  }
  return { ok: true, value: parseIfJson(result.text), text: result.text };
}

function parseIfJson(text: string): JsonValue {
  const trimmed = text.trim();
  if (!/^[[{"]|^-?\d|^(true|false|null)$/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    return text;
  }
}
