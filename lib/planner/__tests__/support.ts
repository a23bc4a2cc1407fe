import type { ChatRequest, ChatResult } from "../../llm";
import { DEMO_HR_TOOLS } from "../../demo/hr-tools";
import type { PlannerModel } from "../types";

export const TOOLS = DEMO_HR_TOOLS;

/** What a scripted model answers next: a JSON value (sent as its text), raw text, a partial result, or an error to throw. */
export type Scripted = { json: unknown } | { text: string } | { result: Partial<ChatResult> } | { error: Error };

/** A model that answers from a script, one entry per call, and keeps the requests it got. */
export function scriptedModel(script: Scripted[], name = "scripted-model"): PlannerModel & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    model: name,
    requests,
    async chat(request) {
      requests.push(request);
      const next = script[requests.length - 1];
      if (!next)
        throw new Error(`the scripted model got call ${requests.length} but has only ${script.length} answers`);
      if ("error" in next) throw next.error;
      const content = "json" in next ? JSON.stringify(next.json) : "text" in next ? next.text : null;
      return {
        content,
        toolCalls: [],
        finishReason: "stop",
        usage: { inputTokens: 100, outputTokens: 40 },
        model: name,
        attempts: 1,
        ...("result" in next ? next.result : {}),
      };
    },
  };
}

/** A counter that needs no tokenizer: a token per four characters, as a rough stand-in in tests about flow. */
export const quarterCounter = (text: string) => Math.ceil(text.length / 4);

/** A valid planner answer for the demo HR tools: check the balance, branch on it, apply or tell, end. */
export function validAnswer(overrides: { name?: string; toolName?: string; rationale?: Record<string, string> } = {}) {
  return {
    routine: {
      name: overrides.name ?? "Apply for leave",
      description: "Checks the balance and files the request.",
      intents: ["I want Friday off"],
      inputs: [{ name: "employee_id", description: "The employee asking", type: "string", required: true }],
      steps: [
        {
          id: "check_balance",
          kind: "tool",
          name: "Check leave balance",
          description: "Look up the remaining annual leave.",
          tool: { server: "hr", name: overrides.toolName ?? "get_leave_balance" },
          inputs: { employee_id: { from: "input", name: "employee_id" } },
          outputs: [{ name: "balance", description: "Remaining days per leave type" }],
        },
        { id: "enough", kind: "branch", name: "Enough days?", description: "" },
        {
          id: "apply",
          kind: "tool",
          name: "Apply for leave",
          description: "File the request.",
          tool: { server: "hr", name: "apply_leave" },
          inputs: {
            employee_id: { from: "input", name: "employee_id" },
            leave_type: { from: "literal", value: "annual" },
            start_date: { from: "model", hint: "first day the employee asks for" },
            end_date: { from: "model", hint: "last day the employee asks for" },
          },
          outputs: [{ name: "request", description: "The leave request id and status" }],
          position: { x: 999, y: 999 },
        },
        {
          id: "explain",
          kind: "skill",
          name: "Explain the refusal",
          description: "",
          instruction: "Tell the employee the balance is too low.",
        },
        { id: "done", kind: "end", name: "Done", description: "" },
      ],
      edges: [
        { source: "check_balance", target: "enough" },
        { source: "enough", target: "apply", condition: { label: "If the balance covers the request" } },
        { source: "enough", target: "explain", condition: { label: "If it does not" } },
        { id: "e-apply", source: "apply", target: "done" },
        { id: "e-apply", source: "explain", target: "done" },
      ],
    },
    rationale: {
      summary: "Split the check from the decision and bound every required parameter.",
      steps: overrides.rationale ?? {
        check_balance: "The draft's 'see if they have days' needs the balance tool.",
        ghost: "A step that is not there.",
      },
    },
  };
}
