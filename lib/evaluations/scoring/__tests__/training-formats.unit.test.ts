import { describe, expect, it } from "vitest";
import { checkLlamaFactoryLine, checkOpenAiChatLine } from "../training-checks";
import { toLlamaFactoryLine, toOpenAiChatLine, trainingLine } from "../training-formats";
import type { Trajectory } from "../training-trajectory";

const trajectory = (overrides: Partial<Trajectory> = {}): Trajectory => ({
  system: "Follow the routine.\n\nStep 1. Look up the employee.",
  request: "How many leave days does E1 have?",
  inputs: { employee_id: "E1" },
  calls: [
    { id: "call_1", tool: "get_employee", arguments: { employee_id: "E1" }, output: { name: "Ada" } },
    { id: "call_2", tool: "get_leave_balance", arguments: { employee_id: "E1", year: 2025 }, output: "12 days" },
  ],
  answer: "Ada has 12 days left.",
  tools: [
    {
      server: "hr",
      name: "get_employee",
      description: "An employee's record",
      inputSchema: { type: "object", properties: { employee_id: { type: "string" } }, required: ["employee_id"] },
    },
    { server: "hr", name: "get_leave_balance", description: "Days left", inputSchema: {} },
  ],
  undefinedTools: [],
  ...overrides,
});

/** A deep copy of a good line, to break one rule at a time. */
const goodLine = () => JSON.parse(JSON.stringify(toOpenAiChatLine(trajectory())));

describe("toOpenAiChatLine", () => {
  it("writes system, user, one assistant call and its tool answer per call, and the answer; ids match", () => {
    const line = toOpenAiChatLine(trajectory());
    expect(line.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(line.messages[1]).toEqual({
      role: "user",
      content: 'How many leave days does E1 have?\n\nInputs: {"employee_id":"E1"}',
    });
    expect(line.messages[2]).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "get_employee", arguments: '{"employee_id":"E1"}' } },
      ],
    });
    expect(line.messages[3]).toEqual({ role: "tool", tool_call_id: "call_1", content: '{"name":"Ada"}' });
    expect(line.messages[5]).toEqual({ role: "tool", tool_call_id: "call_2", content: "12 days" });
    expect(line.messages[6]).toEqual({ role: "assistant", content: "Ada has 12 days left." });
    // A tool declaring no parameters gets an empty properties object: LLaMA-Factory reads parameters.properties.
    expect(line.tools[1]).toEqual({
      type: "function",
      function: { name: "get_leave_balance", description: "Days left", parameters: { type: "object", properties: {} } },
    });
    expect(checkOpenAiChatLine(line)).toEqual([]);
    expect(checkOpenAiChatLine(JSON.parse(trainingLine(trajectory(), "openai")))).toEqual([]);
  });

  it("passes with no calls and no system prompt", () => {
    const line = toOpenAiChatLine(trajectory({ system: "", calls: [] }));
    expect(line.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(checkOpenAiChatLine(line)).toEqual([]);
  });
});

describe("checkOpenAiChatLine catches broken lines", () => {
  it("a tool message whose id matches no call (and the call left unanswered)", () => {
    const line = goodLine();
    line.messages[3].tool_call_id = "call_9";
    const problems = checkOpenAiChatLine(line);
    expect(problems).toContainEqual(expect.stringContaining('tool_call_id "call_9"'));
    expect(problems).toContainEqual(expect.stringContaining("no tool message answers: call_1"));
  });

  it("a trailing tool message", () => {
    const line = goodLine();
    line.messages.pop();
    expect(checkOpenAiChatLine(line)).toEqual(["The last message must be the assistant's."]);
  });

  it("a wrong role, a tool message with no call before it, and a system message not first", () => {
    const line = goodLine();
    line.messages[1].role = "human";
    expect(checkOpenAiChatLine(line)).toContainEqual(expect.stringContaining('role "human" is not one of'));
    const orphan = goodLine();
    orphan.messages.splice(2, 0, { role: "tool", tool_call_id: "call_1", content: "x" });
    expect(checkOpenAiChatLine(orphan)).toContainEqual(expect.stringContaining("messages[2] answers no tool call"));
    const late = goodLine();
    late.messages.splice(1, 0, { role: "system", content: "again" });
    late.messages.splice(0, 1);
    late.messages.unshift({ role: "user", content: "hi" });
    expect(checkOpenAiChatLine(late)).toContainEqual("messages[1]: a system message may only come first.");
  });

  it("a duplicate id, arguments that are not JSON text, a call to an undeclared function", () => {
    const line = goodLine();
    line.messages[4].tool_calls[0].id = "call_1";
    line.messages[5].tool_call_id = "call_1";
    line.messages[2].tool_calls[0].function.arguments = { employee_id: "E1" };
    line.messages[4].tool_calls[0].function.name = "fire_everyone";
    const problems = checkOpenAiChatLine(line);
    expect(problems).toContainEqual(expect.stringContaining('id "call_1" is used twice'));
    expect(problems).toContainEqual(expect.stringContaining("arguments must be the JSON text of an object"));
    expect(problems).toContainEqual(expect.stringContaining('calls "fire_everyone", which tools lacks'));
  });

  it("a line with no assistant message, unknown keys, malformed tools", () => {
    expect(checkOpenAiChatLine({ messages: [{ role: "user", content: "hi" }] })).toContain(
      "The example has no assistant message to learn from.",
    );
    const line = goodLine();
    line.extra = 1;
    line.messages[1].tool_call_id = "x";
    line.tools[0] = { type: "function", function: { name: "bad name!", parameters: { type: "array" } } };
    const problems = checkOpenAiChatLine(line);
    expect(problems).toContain('Unknown key "extra".');
    expect(problems).toContain('messages[1] (user) has an unknown key "tool_call_id".');
    expect(problems).toContainEqual(expect.stringContaining("tools[0].function.name"));
    expect(problems).toContainEqual(expect.stringContaining("tools[0].function.parameters"));
    expect(checkOpenAiChatLine("nope")).toEqual(["The line must be a JSON object."]);
  });

  it("accepts a final assistant tool call left unanswered (OpenAI trains on it as the target)", () => {
    const line = goodLine();
    line.messages = line.messages.slice(0, 3);
    expect(checkOpenAiChatLine(line)).toEqual([]);
  });
});

describe("toLlamaFactoryLine", () => {
  it("alternates human/observation and function_call/gpt, with tools and call values as JSON text", () => {
    const line = toLlamaFactoryLine(trajectory());
    expect(line.conversations.map((turn) => turn.from)).toEqual([
      "human",
      "function_call",
      "observation",
      "function_call",
      "observation",
      "gpt",
    ]);
    expect(JSON.parse(line.conversations[3].value)).toEqual({
      name: "get_leave_balance",
      arguments: { employee_id: "E1", year: 2025 },
    });
    expect(line.conversations[2].value).toBe('{"name":"Ada"}');
    expect(line.system).toContain("Step 1.");
    expect(JSON.parse(line.tools)).toEqual([
      {
        name: "get_employee",
        description: "An employee's record",
        parameters: { type: "object", properties: { employee_id: { type: "string" } }, required: ["employee_id"] },
      },
      { name: "get_leave_balance", description: "Days left", parameters: { type: "object", properties: {} } },
    ]);
    expect(checkLlamaFactoryLine(line)).toEqual([]);
    expect(checkLlamaFactoryLine(JSON.parse(trainingLine(trajectory(), "llamafactory")))).toEqual([]);
  });

  it("the checker catches turns out of position and a call value that is not an object", () => {
    const line = toLlamaFactoryLine(trajectory());
    line.conversations.splice(1, 0, { from: "gpt", value: "hmm" });
    expect(checkLlamaFactoryLine(line).length).toBeGreaterThan(0);
    const bad = toLlamaFactoryLine(trajectory());
    bad.conversations[1].value = '{"name":"get_employee","arguments":"{}"}';
    expect(checkLlamaFactoryLine(bad)).toContainEqual(expect.stringContaining("conversations[1].value"));
  });
});
