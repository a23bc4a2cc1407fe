import type { ChatRequest } from "../../lib/llm";
import type { JsonValue } from "../../lib/routine";
import { scriptedModel, type ScriptedModel } from "../../lib/runs/engine/testing";

// The benchmark's executor and compressor: scripted, in-process, and reading only what the prompt shows them.
//
// The executor reads a model-filled argument the way a careful model would: the values its hint or the step's
// description names (by output name, or by the step's id or name), else what the step just before produced; the
// employee id and pay period come from the request. It writes each value's scalar fields in order. So a mode that
// cut a value the step needs (a one-line summary, a compressor that lost a figure) makes a different call, and
// `identicalCalls` falls below 1. Branches are decided from the values too (balance against the days asked for).

type Values = Map<string, string[]>;

const scalarLeaves = (value: JsonValue, out: string[] = []): string[] => {
  if (Array.isArray(value)) value.forEach((item) => scalarLeaves(item, out));
  else if (value && typeof value === "object") Object.values(value).forEach((item) => scalarLeaves(item, out));
  else out.push(typeof value === "string" ? value : JSON.stringify(value));
  return out;
};

/** `stepId.output` → its scalar fields as the prompt shows them (whole JSON, a condensed line, or a cut summary). */
function valuesIn(system: string): Values {
  const values: Values = new Map();
  for (const line of system.split("\n")) {
    const whole = /^- ([\w-]+\.\w+) = (.*)$/.exec(line);
    // A value held in variable memory is passed on by its key, as the prompt asks, however much of it is shown.
    const key = /\b(VAR_[A-Z0-9_]+)\b/.exec(line)?.[1];
    if (whole && key) {
      values.set(whole[1], [key]);
      continue;
    }
    if (whole) {
      try {
        values.set(whole[1], scalarLeaves(JSON.parse(whole[2]) as JsonValue));
      } catch {
        values.set(whole[1], [whole[2]]);
      }
      continue;
    }
    const condensed = /^([\w-]+\.\w+): (.*)$/.exec(line);
    if (condensed) {
      values.set(condensed[1], key ? [key] : condensed[2].split(" | "));
      continue;
    }
    const summary = /^- ([\w-]+\.\w+): (.*)$/.exec(line);
    if (summary) values.set(summary[1], [summary[2]]);
  }
  return values;
}

/** Step ids and names from the progress list, in order, with the current one. */
function progressOf(system: string) {
  const steps: Array<{ id: string; name: string; done: boolean }> = [];
  let current: string | null = null;
  for (const match of system.matchAll(/^- \[(x| )\] .+?\. (.+) \[id: ([\w-]+)\].*?( ← current)?$/gm)) {
    steps.push({ id: match[3], name: match[2].toLowerCase(), done: match[1] === "x" });
    if (match[4]) current = match[3];
  }
  return { steps, current };
}

/** The values `text` names, else the outputs of the last step done before the current one. */
function namedValues(text: string, system: string, values: Values): string[] {
  const lower = text.toLowerCase();
  const words = new Set(lower.match(/[a-z_][a-z0-9_]*/g) ?? []);
  const { steps, current } = progressOf(system);
  const nameOf = new Map(steps.map((step) => [step.id, step.name]));
  const named = [...values.keys()].filter((key) => {
    const [stepId, output] = key.split(".");
    const stepName = nameOf.get(stepId) ?? "";
    return words.has(output.toLowerCase()) || (stepName.length >= 4 && lower.includes(stepName));
  });
  if (named.length > 0) return named.flatMap((key) => values.get(key)!);
  const at = steps.findIndex((step) => step.id === current);
  for (let index = at - 1; index >= 0; index--) {
    const keys = [...values.keys()].filter((key) => key.startsWith(`${steps[index].id}.`));
    if (keys.length > 0) return keys.flatMap((key) => values.get(key)!);
  }
  return [];
}

const userText = (request: ChatRequest) =>
  request.messages
    .filter((message) => message.role === "user")
    .map((message) => message.content)
    .join("\n");
const systemText = (request: ChatRequest) =>
  request.messages[0]?.role === "system" ? request.messages[0].content : "";

function argumentFor(name: string, hint: string, type: string, request: ChatRequest): JsonValue {
  const system = systemText(request);
  const whole = `${system}\n${userText(request)}`;
  if (name === "employee_id" || name === "to") return /\bE\d{4}\b/.exec(whole)?.[0] ?? "E1001";
  if (name === "period") return /## Request\n[^]*?\b(\d{4}-\d{2})\b/.exec(system)?.[1] ?? "2025-05";
  if (name === "template") return "salary_certificate";
  if (name === "subject") return "About your request";
  const description = /What to do: (.*)/.exec(userText(request))?.[1] ?? "";
  const digest = namedValues(`${hint}\n${description}`, system, valuesIn(system)).join(", ");
  if (type === "integer" || type === "number") return Number(/-?\d+/.exec(digest)?.[0] ?? 0);
  if (type === "boolean") return true;
  return digest || "(nothing to go on)";
}

function toolCall(request: ChatRequest) {
  const asked = /Call the tool (\S+) now/.exec(userText(request))?.[1] ?? request.tools![0].name;
  const spec = request.tools!.find((tool) => tool.name === asked) ?? request.tools![0];
  const schema = spec.parameters as { properties?: Record<string, { type?: string }>; required?: string[] };
  const fixed = /Arguments fixed by the routine[^:]*: (.*)/.exec(userText(request))?.[1] ?? "";
  const args: Record<string, JsonValue> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (new RegExp(`(^|, )${name} = `).test(fixed)) continue;
    const hint = new RegExp(`\\b${name} \\(([^)]*)\\)`).exec(userText(request))?.[1];
    if (hint === undefined && !schema.required?.includes(name)) continue;
    args[name] = argumentFor(name, hint ?? "", property.type ?? "string", request);
  }
  return { toolCalls: [{ id: `call_${asked}`, name: asked, arguments: JSON.stringify(args) }] };
}

/** Days from start to end inclusive, from the run inputs the prompt shows. */
function daysAsked(system: string): number | null {
  const start = /"start_date": "(\d{4}-\d{2}-\d{2})"/.exec(system)?.[1];
  const end = /"end_date": "(\d{4}-\d{2}-\d{2})"/.exec(system)?.[1];
  if (!start || !end) return null;
  return Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
}

function branchChoice(request: ChatRequest) {
  const labels = (request.responseFormat!.schema as { properties: { branch: { enum: string[] } } }).properties.branch
    .enum;
  const system = systemText(request);
  const asks = /## Request\n([^#]*)/.exec(system)?.[1] ?? "";
  let pick = labels[labels.length - 1];
  if (labels.some((label) => /certificate/i.test(label)))
    pick =
      labels.find((label) => /certificate/i.test(label) === /certificate/i.test(asks) && !/^no /i.test(label)) ??
      labels.find((label) => /^no /i.test(label))!;
  else {
    // The balance's last field is what remains (the demo HR tool's shape): its last number in every way a value is
    // shown, whole JSON, a compressor's `a | b | c` line or a one-line summary cut short.
    const balance = namedValues(labels.join("\n"), system, valuesIn(system));
    const remaining = Number(balance.filter((leaf) => /^\d+$/.test(leaf)).at(-1) ?? NaN);
    const asked = daysAsked(system);
    if (asked !== null && Number.isFinite(remaining)) pick = asked <= remaining ? labels[0] : labels[1];
  }
  return { content: JSON.stringify({ branch: pick, reason: "From the values shown." }) };
}

export function benchExecutor(): ScriptedModel {
  return scriptedModel((request) => {
    if (request.tools?.length) return toolCall(request);
    if (request.responseFormat?.name === "branch_choice") return branchChoice(request);
    const system = systemText(request);
    const digest = namedValues(userText(request), system, valuesIn(system)).join(", ") || "Done.";
    const properties = (request.responseFormat?.schema as { properties?: Record<string, unknown> } | undefined)
      ?.properties;
    if (properties)
      return { content: JSON.stringify(Object.fromEntries(Object.keys(properties).map((key) => [key, digest]))) };
    return { content: digest };
  });
}

/**
 * A compressor that does its job: each value as `stepId.output: field | field | …`, every text it was told to keep
 * word for word kept, other long texts cut to 40 characters.
 */
export function benchCompressor(): ScriptedModel {
  return scriptedModel((request) => {
    const text = userText(request);
    const keep = new Set(
      (/## Keep word for word\n([^]*)$/.exec(text)?.[1] ?? "").split("\n").map((line) => line.replace(/^- /, "")),
    );
    const lines: string[] = [];
    for (const line of (/## Values\n([^]*?)\n\n## Keep/.exec(text)?.[1] ?? "").split("\n")) {
      const whole = /^- ([\w-]+\.\w+) = (.*)$/.exec(line);
      if (!whole) continue;
      let leaves: string[];
      try {
        leaves = scalarLeaves(JSON.parse(whole[2]) as JsonValue);
      } catch {
        leaves = [whole[2]];
      }
      // A value with nothing to keep serves no coming step: its first fields name it, the rest is stale output.
      const stale = !leaves.some((leaf) => keep.has(leaf) || [...keep].some((fact) => fact && leaf.startsWith(fact)));
      const kept = stale ? [...leaves.slice(0, 2), "…"] : leaves;
      lines.push(
        `${whole[1]}: ${kept.map((leaf) => (keep.has(leaf) || leaf.length <= 40 ? leaf : `${leaf.slice(0, 40)}…`)).join(" | ")}`,
      );
    }
    return { content: lines.join("\n") };
  });
}
