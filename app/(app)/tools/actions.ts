"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ToolServerFormValues, TryToolState } from "@/components/tools/tool-types";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import {
  createToolServer,
  refreshToolServer,
  removeToolServer,
  setToolServerEnabled,
  setToolSideEffects,
  tryTool,
  updateToolServer,
  type DroppedSecret,
  type RefreshOutcome,
} from "@/lib/db/tools";
import { ValidationError } from "@/lib/db/core";
import { parseEnvField, splitArgsField, type ToolServerInput } from "@/lib/tools";
import { ADMIN_ROLES, RUN_CONTROL_ROLES } from "@/lib/access";

// Each action authorizes itself here and the DAL checks again: neither trusts the page that rendered the form.

const MALFORMED = "That request was malformed; reload the page and try again.";

const serverForm = z.object({
  name: z.string().default(""),
  description: z.string().default(""),
  transport: z.enum(["stdio", "http"], { error: "Choose stdio or Streamable HTTP." }),
  command: z.string().default(""),
  args: z.string().max(40_000).default(""),
  env: z.string().max(130_000).default(""),
  url: z.string().default(""),
  bearerToken: z.string().default(""),
  clearToken: z.string().optional(),
  clearUrlCredentials: z.string().optional(),
});

/** The DAL's input from the server form: arguments one per line (or space-separated), env as KEY=value lines. */
function serverInputFrom(form: z.infer<typeof serverForm>, editing: boolean): ToolServerInput {
  if (form.transport === "http") {
    return {
      name: form.name,
      description: form.description,
      transport: {
        kind: "http",
        url: form.url,
        bearerToken: form.bearerToken || undefined,
        clearToken: form.clearToken === "on",
        clearUrlCredentials: form.clearUrlCredentials === "on",
      },
    };
  }
  const env = parseEnvField(form.env);
  if ("error" in env) throw new ValidationError(env.error, { env: [env.error] });
  // On edit an empty environment field keeps the stored variables (their values are never sent to the browser), as
  // long as the command line stays the same: the DAL drops them when it changes.
  const keepEnv = editing && form.env.trim() === "";
  return {
    name: form.name,
    description: form.description,
    transport: {
      kind: "stdio",
      command: form.command.trim(),
      args: splitArgsField(form.args),
      env: keepEnv ? undefined : env.env,
    },
  };
}

const DROPPED_LABELS: Record<DroppedSecret, string> = {
  environment: "its stored environment",
  token: "its stored bearer token",
  urlCredentials: "the credentials stored from its old URL",
};

/** "Server saved." plus what the edit dropped: stored secrets never follow a server to a new command or URL. */
function savedSentence(dropped: readonly DroppedSecret[]): string {
  if (dropped.length === 0) return "Server saved.";
  const what = dropped.map((secret) => DROPPED_LABELS[secret]).join(" and ");
  return `Server saved. Its address changed, so ${what} ${dropped.length > 1 ? "were" : "was"} removed; enter ${dropped.length > 1 ? "them" : "it"} again if the new one needs ${dropped.length > 1 ? "them" : "it"}.`;
}

function refreshMessage(saved: string, refresh: RefreshOutcome): string {
  return refresh.ok
    ? `${saved} It offers ${refresh.toolCount} tool${refresh.toolCount === 1 ? "" : "s"}.`
    : `${saved} Its tools could not be listed yet: ${refresh.error}`;
}

/**
 * The saved form's answer. A stdio server that did not start says why beside the command field (the spawn error or
 * the process's own words), as the command is what the admin changes to fix it; the record is saved either way.
 */
function savedState(
  saved: string,
  refresh: RefreshOutcome,
  transport: "stdio" | "http",
): ActionState<ToolServerFormValues> {
  if (!refresh.ok && transport === "stdio")
    return {
      status: "success",
      message: `${saved} It could not start, so its tools are not listed yet: the reason is beside the command.`,
      data: { startError: refresh.error },
    };
  return { status: "success", message: refreshMessage(saved, refresh) };
}

export const createToolServerAction = defineAction(
  ADMIN_ROLES,
  serverForm,
  async (viewer, form): Promise<ActionState<ToolServerFormValues>> => {
    const { refresh } = await createToolServer(viewer, serverInputFrom(form, false));
    revalidatePath("/tools");
    return savedState("Server added.", refresh, form.transport);
  },
);

export const updateToolServerAction = defineAction(
  ADMIN_ROLES,
  serverForm.extend({ serverId: z.string().default("") }),
  async (viewer, form): Promise<ActionState<ToolServerFormValues>> => {
    const { refresh, dropped } = await updateToolServer(viewer, form.serverId, serverInputFrom(form, true));
    revalidatePath("/tools");
    revalidatePath(`/tools/${form.serverId}`);
    return savedState(savedSentence(dropped), refresh, form.transport);
  },
);

const serverIdForm = z.object({ serverId: z.string().min(1, "Missing the server.") });
const enabledForm = serverIdForm.extend({ enabled: z.enum(["true", "false"]) });

export const removeToolServerAction = defineAction(
  ADMIN_ROLES,
  serverIdForm,
  async (viewer, { serverId }): Promise<ActionState> => {
    await removeToolServer(viewer, serverId);
    revalidatePath("/tools");
    return { status: "success", message: "Server removed." };
  },
  { invalidMessage: MALFORMED },
);

export const setToolServerEnabledAction = defineAction(
  ADMIN_ROLES,
  enabledForm,
  async (viewer, { serverId, enabled }): Promise<ActionState> => {
    await setToolServerEnabled(viewer, serverId, enabled === "true");
    revalidatePath("/tools");
    revalidatePath(`/tools/${serverId}`);
    return {
      status: "success",
      message: enabled === "true" ? "Server enabled." : "Server disabled: its tools left the palette.",
    };
  },
  { invalidMessage: MALFORMED },
);

export const refreshToolServerAction = defineAction(
  RUN_CONTROL_ROLES,
  serverIdForm,
  async (viewer, { serverId }): Promise<ActionState> => {
    const outcome = await refreshToolServer(viewer, serverId);
    revalidatePath("/tools");
    revalidatePath(`/tools/${serverId}`);
    if (!outcome.ok) return { status: "error", message: `The server could not be reached: ${outcome.error}` };
    const changes = [
      outcome.added.length ? `${outcome.added.length} new` : "",
      outcome.changed.length ? `${outcome.changed.length} changed (${outcome.changed.join(", ")})` : "",
      outcome.removed.length ? `${outcome.removed.length} removed (${outcome.removed.join(", ")})` : "",
    ].filter(Boolean);
    return {
      status: "success",
      message: `Refreshed: ${outcome.toolCount} tools${changes.length ? `; ${changes.join(", ")}` : ", no changes"}.`,
    };
  },
  { invalidMessage: MALFORMED },
);

const tryForm = z.object({
  serverId: z.string().min(1),
  toolName: z.string().min(1),
  arguments: z.string().max(1_000_000, "The arguments are too large."),
});

/**
 * "Try it": the form sends the arguments it typed from the schema as JSON; the gateway validates them. Admins and
 * operators reach the DAL, which lets operators call only tools that declare themselves read-only.
 */
export const tryToolAction = defineAction(
  RUN_CONTROL_ROLES,
  tryForm,
  async (viewer, { serverId, toolName, arguments: text }): Promise<TryToolState> => {
    let args: unknown;
    try {
      args = JSON.parse(text);
    } catch {
      throw new ValidationError("The arguments are not valid JSON.");
    }
    const parsedArgs = z.record(z.string(), z.unknown()).safeParse(args);
    if (!parsedArgs.success) throw new ValidationError("The arguments must be a JSON object.");
    const result = await tryTool(viewer, { serverId, toolName, arguments: parsedArgs.data });
    return {
      status: "success",
      message: result.isError ? "The tool answered with an error." : `The tool answered in ${result.durationMs} ms.`,
      data: {
        text: result.text,
        isError: result.isError,
        durationMs: result.durationMs,
        bytes: result.bytes,
        structured: result.structuredContent ?? null,
      },
    };
  },
  { invalidMessage: MALFORMED },
);

const sideEffectsForm = z.object({
  serverId: z.string().min(1, "Missing the server."),
  toolName: z.string().min(1, "Missing the tool.").max(200),
  sideEffects: z.enum(["annotations", "read_only", "writes"], {
    error: "Choose its annotations, read-only, or changes data.",
  }),
});

const SIDE_EFFECTS_SAVED = {
  annotations: "its annotations decide again",
  read_only: "it counts as read-only",
  writes: "it counts as changing data",
} as const;

/**
 * An admin's word on whether a tool changes data (evaluation runs simulate every call of a tool that does; operators
 * may try only read-only ones). Admins only here and in the DAL, which audits it.
 */
export const setToolSideEffectsAction = defineAction(
  ADMIN_ROLES,
  sideEffectsForm,
  async (viewer, { serverId, toolName, sideEffects }): Promise<ActionState> => {
    await setToolSideEffects(viewer, { serverId, toolName, sideEffects });
    revalidatePath(`/tools/${serverId}`);
    return { status: "success", message: `Saved: ${SIDE_EFFECTS_SAVED[sideEffects]}.` };
  },
  { invalidMessage: MALFORMED },
);
