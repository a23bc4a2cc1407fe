import type { ToolRef } from "../../schema";
import { formatToolPart, quote } from "../../text-format";
import type { ParseOptions } from "../../text-step-reading";
import type { StepKindText } from "../text-types";

/** A bare tool name's server: the caller's resolver, else the one catalog tool of that name, else the default. */
function resolveTool(name: string, options: ParseOptions): ToolRef {
  const resolved = options.resolveTool?.(name);
  if (resolved) return resolved;
  const named = options.tools?.filter((tool) => tool.name === name) ?? [];
  if (named.length === 1) return { server: named[0].server, name };
  return { server: options.defaultServer ?? "default", name };
}

/** `[tool: server/name]` (or "using x tool"), `[completion]`, `[timeout]`, `[retry: n x ms]`, `[approval]`. */
export const toolText: StepKindText<"tool"> = {
  annotations: ["tool", "in", "out", "completion", "timeout", "retry", "approval"],
  read({ get, plain, where, pos, options, issues, fields }) {
    const tool = get("tool");
    const toolName = tool?.name ?? plain.tool;
    if (toolName === undefined)
      issues.error(
        pos,
        `${where} is a tool step but names no tool: end the line with 'using get_leave_balance tool' or add [tool: server/name].`,
      );
    else
      fields.tool =
        tool?.server !== undefined ? { server: tool.server, name: toolName } : resolveTool(toolName, options);
    const retry = get("retry");
    if (retry) fields.retry = { maxAttempts: retry.maxAttempts, backoffMs: retry.backoffMs };
    if (get("timeout")) fields.timeoutMs = get("timeout")?.value;
    fields.requiresApproval = get("approval") !== undefined;
    const completion = get("completion");
    if (completion) fields.completion = completion.value;
  },
  headFacts: (step) => [`[tool: ${formatToolPart(step.tool.server)}/${formatToolPart(step.tool.name)}]`],
  settingFacts: (step) => [
    ...(step.completion !== undefined ? [`[completion: ${quote(step.completion)}]`] : []),
    ...(step.timeoutMs !== undefined ? [`[timeout: ${step.timeoutMs}]`] : []),
    ...(step.retry ? [`[retry: ${step.retry.maxAttempts} x ${step.retry.backoffMs}]`] : []),
    ...(step.requiresApproval ? ["[approval]"] : []),
  ],
  dataLines: () => [],
};
