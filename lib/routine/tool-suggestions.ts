import { callsTool } from "./kinds";
import type { ToolDefinition } from "./catalog";
import type { Binding, Step, ToolRef } from "./schema";

/*
 * How an expert's words meet a tool catalog: "the employee ID" names the parameter employee_id, and
 * "search_employee" is most likely the catalog's search_employees. Pure and catalog-size linear, so the designer
 * can call it on every validation.
 */

const ARTICLES = new Set(["the", "a", "an", "its", "their", "his", "her"]);
const MAX_SUGGESTIONS = 3;

/** "The Employee's ID" → ["employee", "id"]: lower-case words, articles and possessive 's dropped. */
export function phraseWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
  const kept = words.filter((word) => !ARTICLES.has(word));
  return kept.length > 0 ? kept : words;
}

/** Levenshtein distance, giving up (returning `max + 1`) once it must exceed `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, current[j]);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** The edits a name of this length may differ by and still count as "nearly" the same: 1 per 6 letters, at most 2. */
function tolerance(length: number): number {
  return Math.min(2, Math.floor(length / 6));
}

/**
 * The parameter a phrase names, exactly or nearly: "employee id", "the Employee ID", "employee_id" and
 * "employe id" all name employee_id. Exact matches win; a near match must be the only closest one.
 */
export function matchParameter(phrase: string, parameters: readonly string[]): string | undefined {
  const key = phraseWords(phrase).join("_");
  if (key === "") return undefined;
  const normalized = parameters.map((name) => phraseWords(name).join("_"));
  const exact = normalized.indexOf(key);
  if (exact >= 0) return parameters[exact];
  let best: string | undefined;
  let bestDistance = Infinity;
  let tied = false;
  normalized.forEach((name, index) => {
    const limit = tolerance(Math.min(name.length, key.length));
    const distance = editDistance(key, name, limit);
    if (distance > limit) return;
    if (distance < bestDistance) [best, bestDistance, tied] = [parameters[index], distance, false];
    else if (distance === bestDistance) tied = true;
  });
  return tied ? undefined : best;
}

/** A word's stem for overlap: "employees" and "employee" count as one word. */
function stem(word: string): string {
  return word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word;
}

/**
 * The catalog tools an unknown tool name most likely meant, best first, at most three: close by edit distance
 * (search_employee → search_employees) or sharing most of their words (employee_search → search_employees).
 * Tools of the same name on another server come first. Empty when nothing is close.
 */
export function suggestTools(
  name: string,
  catalog: readonly ToolDefinition[],
  max = MAX_SUGGESTIONS,
): ToolDefinition[] {
  const words = phraseWords(name);
  const key = words.join("_");
  if (key === "") return [];
  const stems = new Set(words.map(stem));
  const scored: Array<{ tool: ToolDefinition; score: number; index: number }> = [];
  catalog.forEach((tool, index) => {
    const toolWords = phraseWords(tool.name);
    const toolKey = toolWords.join("_");
    const limit = Math.max(2, Math.floor(Math.max(key.length, toolKey.length) / 4));
    const distance = editDistance(key, toolKey, limit);
    const toolStems = new Set(toolWords.map(stem));
    const shared = [...stems].filter((word) => toolStems.has(word)).length;
    const overlap = shared / Math.max(stems.size, toolStems.size);
    if (distance > limit && overlap < 0.5) return;
    // Lower is better: a close spelling beats a shared word; overlap breaks ties between equally close names.
    const score = (distance > limit ? limit + 1 : distance) - overlap;
    scored.push({ tool, score, index });
  });
  scored.sort((a, b) => a.score - b.score || a.index - b.index);
  const seen = new Set<string>();
  const out: ToolDefinition[] = [];
  for (const { tool } of scored) {
    const id = `${tool.server}/${tool.name}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(tool);
    if (out.length >= max) break;
  }
  return out;
}

/** Parameters of a tool, in schema order, and which of them a call must set. */
export function toolParameters(tool: ToolDefinition): { names: string[]; required: string[] } {
  const names = Object.keys(tool.inputSchema.properties ?? {});
  const required = tool.inputSchema.required ?? [];
  for (const name of required) if (!names.includes(name)) names.push(name);
  return { names, required };
}

/** How a parameter is filled when the words do not name a source: the routine input of that name, else the model. */
function defaultBinding(name: string, hint: string, routineInputs: readonly string[]): Binding {
  return routineInputs.includes(name) ? { from: "input", name } : { from: "model", hint };
}

/** The hint for a parameter nobody described: the catalog's description of it, else its name in words. */
function parameterHint(tool: ToolDefinition, name: string): string {
  const description = tool.inputSchema.properties?.[name]?.description?.trim();
  return description || name.replace(/_/g, " ");
}

/**
 * Binds an expert's input descriptions ("the requester id", "employee id") to a tool's parameters: a phrase that
 * names a parameter binds it (the routine input of that name, else the model with the phrase as hint); every
 * other required parameter is filled by the model, hinted by the catalog's description. Phrases that name no
 * parameter come back in `unmatched`, to stay in the step's description.
 */
export function bindToolInputs(
  phrases: readonly string[],
  tool: ToolDefinition,
  routineInputs: readonly string[] = [],
): { inputs: Record<string, Binding>; unmatched: string[] } {
  const { names, required } = toolParameters(tool);
  const inputs: Record<string, Binding> = {};
  const unmatched: string[] = [];
  for (const phrase of phrases) {
    const name = matchParameter(phrase, names);
    if (name === undefined || Object.hasOwn(inputs, name)) unmatched.push(phrase);
    else inputs[name] = defaultBinding(name, phrase, routineInputs);
  }
  for (const name of required)
    if (!Object.hasOwn(inputs, name)) inputs[name] = defaultBinding(name, parameterHint(tool, name), routineInputs);
  return { inputs, unmatched };
}

/**
 * A tool step switched to `tool` (a "did you mean" choice): bindings whose name (or model hint) names one of the
 * new tool's parameters are kept under that parameter's name; the rest are dropped; missing required parameters
 * are filled as bindToolInputs does. Other steps come back unchanged.
 */
export function applyToolSuggestion(step: Step, tool: ToolDefinition, routineInputs: readonly string[] = []): Step {
  if (!callsTool(step)) return step;
  const ref: ToolRef = { server: tool.server, name: tool.name };
  const { names, required } = toolParameters(tool);
  const inputs: Record<string, Binding> = {};
  const entries = Object.entries(step.inputs);
  // A binding's own name says more than its hint: match names first, then hints for what is still open.
  const byName = entries.map(([name]) => matchParameter(name, names));
  entries.forEach(([, binding], index) => {
    const target = byName[index];
    if (target !== undefined && !Object.hasOwn(inputs, target)) inputs[target] = binding;
  });
  entries.forEach(([, binding], index) => {
    if (byName[index] !== undefined || binding.from !== "model") return;
    const target = matchParameter(binding.hint, names);
    if (target !== undefined && !Object.hasOwn(inputs, target)) inputs[target] = binding;
  });
  for (const name of required)
    if (!Object.hasOwn(inputs, name)) inputs[name] = defaultBinding(name, parameterHint(tool, name), routineInputs);
  return { ...step, tool: ref, inputs };
}
