"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ToolServerFormValues, TryToolState } from "@/components/tools/tool-types";
import { formValues, toErrorState, type ActionState } from "@/lib/actions/action-state";
import { requireRole } from "@/lib/session/index";
import {
  createToolServer,
  refreshToolServer,
  removeToolServer,
  setToolServerEnabled,
  tryTool,
  updateToolServer,
  ValidationError,
  type RefreshOutcome,
} from "@/lib/db";
import { parseEnvField, splitArgsField, type ToolServerInput } from "@/lib/tools/server-input";

// Each action authorizes itself here and the DAL checks again: neither trusts the page that rendered the form.

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
});

/** The DAL's input from the server form: arguments one per line (or space-separated), env as KEY=value lines. */
function serverInputFrom(formData: FormData, editing: boolean): ToolServerInput {
  const parsed = serverForm.safeParse(formValues(formData));
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const form = parsed.data;
  if (form.transport === "http") {
    return {
      name: form.name,
      description: form.description,
      transport: { kind: "http", url: form.url, bearerToken: form.bearerToken || undefined, clearToken: form.clearToken === "on" },
    };
  }
  const env = parseEnvField(form.env);
  if ("error" in env) throw new ValidationError(env.error, { env: [env.error] });
  // On edit an empty environment field keeps the stored variables (their values are never sent to the browser).
  const keepEnv = editing && form.env.trim() === "";
  return {
    name: form.name,
    description: form.description,
    transport: { kind: "stdio", command: form.command.trim(), args: splitArgsField(form.args), env: keepEnv ? undefined : env.env },
  };
}

function refreshMessage(saved: string, refresh: RefreshOutcome): string {
  return refresh.ok
    ? `${saved} It offers ${refresh.toolCount} tool${refresh.toolCount === 1 ? "" : "s"}.`
    : `${saved} Its tools could not be listed yet: ${refresh.error}`;
}

export async function createToolServerAction(_previous: ActionState<ToolServerFormValues>, formData: FormData): Promise<ActionState<ToolServerFormValues>> {
  try {
    await requireRole("admin");
    const { refresh } = await createToolServer(serverInputFrom(formData, false));
    revalidatePath("/tools");
    return { status: "success", message: refreshMessage("Server added.", refresh) };
  } catch (error) {
    return toErrorState(error);
  }
}

export async function updateToolServerAction(_previous: ActionState<ToolServerFormValues>, formData: FormData): Promise<ActionState<ToolServerFormValues>> {
  try {
    await requireRole("admin");
    const serverId = String(formData.get("serverId") ?? "");
    const { refresh } = await updateToolServer(serverId, serverInputFrom(formData, true));
    revalidatePath("/tools");
    revalidatePath(`/tools/${serverId}`);
    return { status: "success", message: refreshMessage("Server saved.", refresh) };
  } catch (error) {
    return toErrorState(error);
  }
}

const serverIdForm = z.object({ serverId: z.string().min(1, "Missing the server.") });
const enabledForm = serverIdForm.extend({ enabled: z.enum(["true", "false"]) });

function parseForm<T extends z.ZodType>(schema: T, formData: FormData): z.infer<T> {
  const parsed = schema.safeParse(formValues(formData));
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, "That request was malformed; reload the page and try again.");
  return parsed.data;
}

export async function removeToolServerAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("admin");
    const { serverId } = parseForm(serverIdForm, formData);
    await removeToolServer(serverId);
    revalidatePath("/tools");
    return { status: "success", message: "Server removed." };
  } catch (error) {
    return toErrorState(error);
  }
}

export async function setToolServerEnabledAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("admin");
    const { serverId, enabled } = parseForm(enabledForm, formData);
    await setToolServerEnabled(serverId, enabled === "true");
    revalidatePath("/tools");
    revalidatePath(`/tools/${serverId}`);
    return { status: "success", message: enabled === "true" ? "Server enabled." : "Server disabled: its tools left the palette." };
  } catch (error) {
    return toErrorState(error);
  }
}

export async function refreshToolServerAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("admin", "operator");
    const { serverId } = parseForm(serverIdForm, formData);
    const outcome = await refreshToolServer(serverId);
    revalidatePath("/tools");
    revalidatePath(`/tools/${serverId}`);
    if (!outcome.ok) return { status: "error", message: `The server could not be reached: ${outcome.error}` };
    const changes = [
      outcome.added.length ? `${outcome.added.length} new` : "",
      outcome.changed.length ? `${outcome.changed.length} changed (${outcome.changed.join(", ")})` : "",
      outcome.removed.length ? `${outcome.removed.length} removed (${outcome.removed.join(", ")})` : "",
    ].filter(Boolean);
    return { status: "success", message: `Refreshed: ${outcome.toolCount} tools${changes.length ? `; ${changes.join(", ")}` : ", no changes"}.` };
  } catch (error) {
    return toErrorState(error);
  }
}

const tryForm = z.object({ serverId: z.string().min(1), toolName: z.string().min(1), arguments: z.string().max(1_000_000, "The arguments are too large.") });

/** "Try it": the form sends the arguments it typed from the schema as JSON; the gateway validates them. */
export async function tryToolAction(_previous: TryToolState, formData: FormData): Promise<TryToolState> {
  try {
    await requireRole("admin", "operator");
    const { serverId, toolName, arguments: text } = parseForm(tryForm, formData);
    let args: unknown;
    try {
      args = JSON.parse(text);
    } catch {
      throw new ValidationError("The arguments are not valid JSON.");
    }
    const parsedArgs = z.record(z.string(), z.unknown()).safeParse(args);
    if (!parsedArgs.success) throw new ValidationError("The arguments must be a JSON object.");
    const result = await tryTool({ serverId, toolName, arguments: parsedArgs.data });
    return {
      status: "success",
      message: result.isError ? "The tool answered with an error." : `The tool answered in ${result.durationMs} ms.`,
      data: { text: result.text, isError: result.isError, durationMs: result.durationMs, bytes: result.bytes, structured: result.structuredContent ?? null },
    };
  } catch (error) {
    return toErrorState(error);
  }
}
