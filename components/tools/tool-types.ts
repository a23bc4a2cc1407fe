import type { ActionState } from "@/lib/forms";
import type { AllowedStdioCommand, ToolServerSummary } from "@/lib/db/tools";
import type { ToolSideEffects } from "@/lib/tools";

export type { AllowedStdioCommand };

/** Which tools the viewer may try: any (admins), only those declaring themselves read-only (operators), or none. */
export type TryPolicy = "any" | "read-only" | "none";

/**
 * What the server form returns beside the message (secrets never travel back to the browser): when the saved
 * server could not start, why, shown beside the command field.
 */
export type ToolServerFormValues = { startError?: string } | undefined;

/** The add and edit server forms' action. */
export type ServerFormAction = (
  state: ActionState<ToolServerFormValues>,
  formData: FormData,
) => Promise<ActionState<ToolServerFormValues>>;

/** A tool's answer as the "try it" panel shows it. Tool output is shown as text, never rendered as HTML. */
export type TryToolResult = { text: string; isError: boolean; durationMs: number; bytes: number; structured: unknown };
export type TryToolState = ActionState<TryToolResult>;

/** A server as the Tools pages pass it to client components (dates as ISO strings). */
export type ToolServerView = Omit<ToolServerSummary, "lastRefreshAt"> & { lastRefreshAt: string | null };

export type ServerActions = {
  update: ServerFormAction;
  remove: (state: ActionState, formData: FormData) => Promise<ActionState>;
  setEnabled: (state: ActionState, formData: FormData) => Promise<ActionState>;
  refresh: (state: ActionState, formData: FormData) => Promise<ActionState>;
};

/** A tool as the server page passes it to the client (dates as ISO strings). */
export type ToolItem = {
  name: string;
  title?: string;
  description: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  /** Set when the server's schema for this tool is not valid JSON Schema: the tool cannot be called. */
  schemaError: string | null;
  hash: string;
  changedAt: string | null;
  removedAt: string | null;
  /** Whether it changes data and why (its annotations or an admin's override). */
  sideEffects: ToolSideEffects;
};

/** The admin's override of whether a tool changes data (Tools page). */
export type SideEffectsAction = (state: ActionState, formData: FormData) => Promise<ActionState>;
