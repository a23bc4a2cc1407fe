import { Ajv, type ValidateFunction } from "ajv";
import type { JsonValue, ToolDefinition, ToolRef } from "../../../routine";
import type { ToolOutcome, ToolPort } from "../ports";

/** One call a fake tool received. */
export type FakeToolCall = {
  tool: ToolRef;
  args: Record<string, JsonValue>;
  idempotencyKey: string;
  timeoutMs: number;
  signal: AbortSignal;
  runId: string;
};

/** Answers a call: a ToolOutcome, or a plain value (a success with that value). May wait, or throw. */
export type FakeToolHandler = (
  args: Record<string, JsonValue>,
  call: FakeToolCall,
) => ToolOutcome | JsonValue | Promise<ToolOutcome | JsonValue>;

const ajv = new Ajv({ allErrors: true, strict: false });

/** A tool definition for tests: an object schema with these string (or given) properties. */
export function toolDefinition(
  name: string,
  properties: Record<string, { type?: string; description?: string }> = {},
  required: string[] = Object.keys(properties),
  server = "hr",
): ToolDefinition {
  return {
    server,
    name,
    description: `The ${name.replace(/_/g, " ")} tool.`,
    inputSchema: { type: "object", properties, required },
  };
}

/** A successful outcome with a value (its text is its JSON). */
export const toolOk = (value: JsonValue): ToolOutcome => ({
  ok: true,
  value,
  text: typeof value === "string" ? value : JSON.stringify(value),
});
export const toolError = (error: string, retryable = false): ToolOutcome => ({ ok: false, error, retryable });

/** Never answers; rejects when the call is aborted (a hanging tool). */
export function hang(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

const isOutcome = (value: unknown): value is ToolOutcome =>
  typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";

/**
 * A ToolPort over in-process handlers, keyed "server/name" (or just "name"). Arguments are checked against the
 * definitions' schemas with ajv, as the gateway checks them; every call is recorded.
 */
export class FakeTools implements ToolPort {
  readonly calls: FakeToolCall[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  private waiters: Array<{ name: string; count: number; resolve: () => void }> = [];

  constructor(
    readonly definitions: ToolDefinition[],
    private readonly handlers: Record<string, FakeToolHandler> = {},
  ) {}

  /** Sets or replaces the handler of a tool. */
  on(name: string, handler: FakeToolHandler): this {
    this.handlers[name] = handler;
    return this;
  }

  /** The calls made to one tool (by name). */
  callsTo(name: string): FakeToolCall[] {
    return this.calls.filter((call) => call.tool.name === name);
  }

  /** Resolves once the tool has been called `count` times in all. */
  whenCalled(name: string, count = 1): Promise<void> {
    if (this.callsTo(name).length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ name, count, resolve }));
  }

  async describe(tools: ToolRef[]): Promise<ToolDefinition[]> {
    return tools
      .flatMap((tool) =>
        this.definitions.filter((definition) => definition.server === tool.server && definition.name === tool.name),
      )
      .map((definition) => structuredClone(definition));
  }

  /** Every tool these fakes know, as the registry's catalog. */
  async catalog(): Promise<ToolDefinition[]> {
    return this.definitions.map((definition) => structuredClone(definition));
  }

  async checkArguments(tool: ToolRef, args: Record<string, JsonValue>): Promise<string[]> {
    const definition = this.definitions.find(
      (candidate) => candidate.server === tool.server && candidate.name === tool.name,
    );
    if (!definition) return [`${tool.server}/${tool.name} is not a known tool`];
    const key = `${tool.server}/${tool.name}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = ajv.compile(definition.inputSchema);
      this.validators.set(key, validate);
    }
    if (validate(args)) return [];
    return (validate.errors ?? []).map((error) =>
      error.keyword === "required"
        ? `missing required argument "${String(error.params.missingProperty)}"`
        : `${error.instancePath.slice(1) || "arguments"} ${error.message ?? "is invalid"}`,
    );
  }

  async call(
    tool: ToolRef,
    args: Record<string, JsonValue>,
    options: { idempotencyKey: string; timeoutMs: number; signal: AbortSignal; runId: string },
  ): Promise<ToolOutcome> {
    const call: FakeToolCall = { tool, args: structuredClone(args), ...options };
    this.calls.push(call);
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.name !== tool.name || this.callsTo(tool.name).length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
    const handler = this.handlers[`${tool.server}/${tool.name}`] ?? this.handlers[tool.name];
    if (!handler) return toolError(`no fake handler for ${tool.server}/${tool.name}`);
    const answer = await handler(call.args, call);
    return isOutcome(answer) ? answer : toolOk(answer as JsonValue);
  }
}
