import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireRole, requireUser, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import {
  configuredStdioAllowlist,
  describeEntry,
  describeEntryPermits,
  toolServerInput,
  type ToolServerInput,
} from "../../tools";
import { checkOutboundUrl } from "../../outbound";
import { recordAudit } from "../audit";
import {
  ConflictError,
  isUniqueViolation,
  NotFoundError,
  parseInput,
  prisma,
  ValidationError,
  withDbErrors,
} from "../core";
import type { ToolServer } from "../generated/prisma/client";
import { type DroppedSecret, serverColumns } from "./server-columns";
import { toolFilesFolder } from "./tool-files";
import { type ToolServerSummary, toSummary } from "./tool-server-records";
import { type RefreshOutcome, refreshServerTools } from "./tool-snapshots";

export type { DroppedSecret, RefreshOutcome, ToolServerSummary };

const serverRef = z.object({ serverId: z.string().min(1).max(100) });

/**
 * Parses the server form's input. Errors inside the transport are keyed by their own field (url, command, …),
 * as the form names its fields, rather than by "transport". An HTTP server's URL must point where outbound requests
 * may go (lib/outbound): checked here, before anything is saved or any request made.
 */
async function parseServerInput(input: ToolServerInput): Promise<z.infer<typeof toolServerInput>> {
  const parsed = toolServerInput.safeParse(input);
  if (parsed.success) {
    const { transport } = parsed.data;
    const destination = transport.kind === "http" ? await checkOutboundUrl(transport.url) : { allowed: true as const };
    if (!destination.allowed) throw new ValidationError("Some fields need attention.", { url: [destination.message] });
    return parsed.data;
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path.filter((part) => typeof part === "string").at(-1) ?? "form");
    (fieldErrors[key] ??= []).push(issue.message);
  }
  throw new ValidationError("Some fields need attention.", fieldErrors);
}

/** Every registered tool server, by name. Any signed-in user (analysts browse the tools). */
export async function listToolServers(viewer: Viewer | null): Promise<ToolServerSummary[]> {
  requireUser(viewer);
  return withDbErrors(async () => (await prisma.toolServer.findMany({ orderBy: { name: "asc" } })).map(toSummary));
}

async function findServer(serverId: string): Promise<ToolServer> {
  const row = await prisma.toolServer.findUnique({ where: { id: serverId } });
  if (!row) throw new NotFoundError("That tool server no longer exists.");
  return row;
}

/** A stdio command line admins may register and what it accepts beyond it, as the server form shows them. */
export type AllowedStdioCommand = { line: string; permits: string };

/** The stdio allowlist in effect, entry by entry with what each permits. Admins only (it names host folders). */
export function listAllowedStdioCommands(viewer: Viewer | null): AllowedStdioCommand[] {
  requireRole(viewer, "admin");
  const folder = toolFilesFolder();
  return configuredStdioAllowlist().map((entry) => ({
    line: describeEntry(entry),
    permits: describeEntryPermits(entry, folder),
  }));
}

const nameTaken = () => new ConflictError("A tool server with this name already exists.", "name");

/**
 * Registers a tool server, then refreshes its tools. Admins only. The record is saved whole even when the
 * server cannot be reached: the outcome says why, and the server shows the error until a refresh works.
 */
export async function createToolServer(
  viewer: Viewer | null,
  input: ToolServerInput,
): Promise<{ id: string; refresh: RefreshOutcome }> {
  requireRole(viewer, "admin");
  const { name, description, transport } = await parseServerInput(input);
  const { data } = serverColumns(null, transport);
  const id = randomUUID();
  await withDbErrors(async () => {
    try {
      await prisma.$transaction(async (tx) => {
        await tx.toolServer.create({ data: { ...data, id, name, description, transport: transport.kind } });
        await recordAudit(
          {
            action: "tool_server.created",
            actor: viewer,
            target: { type: "tool_server", id },
            detail: { name, transport: transport.kind },
          },
          tx,
        );
      });
    } catch (error) {
      throw isUniqueViolation(error) ? nameTaken() : error;
    }
  });
  return { id, refresh: await refreshServerTools(await findServer(id)) };
}

/**
 * Changes a server's name, description or transport, then refreshes its tools. Admins only. Secrets left empty
 * keep their stored values while the destination stays; a changed command, arguments or URL drops them (see
 * serverColumns), and `dropped` says which went. The demo server is managed by the start command and cannot be
 * edited.
 */
export async function updateToolServer(
  viewer: Viewer | null,
  serverId: string,
  input: ToolServerInput,
): Promise<{ refresh: RefreshOutcome; dropped: DroppedSecret[] }> {
  requireRole(viewer, "admin");
  const { serverId: id } = parseInput(serverRef, { serverId });
  const { name, description, transport } = await parseServerInput(input);
  const existing = await withDbErrors(() => findServer(id));
  if (existing.builtIn)
    throw new ConflictError("The demo HR server is managed by the start command; you can only enable or disable it.");
  // Checked outside withDbErrors: a refusal quotes what the admin typed, which must not read as a database error.
  const columns = serverColumns(existing, transport);
  await withDbErrors(async () => {
    try {
      await prisma.$transaction(async (tx) => {
        await tx.toolServer.update({ where: { id }, data: { ...columns.data, name, description } });
        await recordAudit(
          {
            action: "tool_server.updated",
            actor: viewer,
            target: { type: "tool_server", id },
            detail: {
              name,
              transport: transport.kind,
              ...(columns.dropped.length ? { secretsDropped: columns.dropped } : {}),
            },
          },
          tx,
        );
      });
    } catch (error) {
      throw isUniqueViolation(error) ? nameTaken() : error;
    }
  });
  return { refresh: await refreshServerTools(await findServer(id)), dropped: columns.dropped };
}

/** Removes a server and its snapshots. Admins only; not the demo server (the start command re-adds it). */
export async function removeToolServer(viewer: Viewer | null, serverId: string): Promise<void> {
  requireRole(viewer, "admin");
  const { serverId: id } = parseInput(serverRef, { serverId });
  await withDbErrors(async () => {
    const existing = await findServer(id);
    if (existing.builtIn)
      throw new ConflictError("The demo HR server is managed by the start command; disable it instead.");
    await prisma.$transaction(async (tx) => {
      await tx.toolServer.delete({ where: { id } });
      await recordAudit(
        {
          action: "tool_server.removed",
          actor: viewer,
          target: { type: "tool_server", id },
          detail: { name: existing.name },
        },
        tx,
      );
    });
  });
}

/** Turns a server on or off. A disabled server's tools leave the palette and cannot be called. Admins only. */
export async function setToolServerEnabled(viewer: Viewer | null, serverId: string, enabled: boolean): Promise<void> {
  requireRole(viewer, "admin");
  const { serverId: id } = parseInput(serverRef, { serverId });
  await withDbErrors(async () => {
    const existing = await findServer(id);
    if (existing.enabled === enabled) return;
    await prisma.$transaction(async (tx) => {
      await tx.toolServer.update({ where: { id }, data: { enabled } });
      await recordAudit(
        {
          action: enabled ? "tool_server.enabled" : "tool_server.disabled",
          actor: viewer,
          target: { type: "tool_server", id },
          detail: { name: existing.name },
        },
        tx,
      );
    });
  });
}

/** Lists a server's tools again and records what changed. Admins and operators. */
export async function refreshToolServer(viewer: Viewer | null, serverId: string): Promise<RefreshOutcome> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { serverId: id } = parseInput(serverRef, { serverId });
  const server = await withDbErrors(() => findServer(id));
  const outcome = await withDbErrors(() => refreshServerTools(server));
  await recordAudit({
    action: "tool_server.refreshed",
    actor: viewer,
    target: { type: "tool_server", id },
    detail: outcome.ok
      ? {
          name: server.name,
          tools: outcome.toolCount,
          added: outcome.added,
          changed: outcome.changed,
          removed: outcome.removed,
        }
      : { name: server.name, error: outcome.error },
  });
  return outcome;
}
