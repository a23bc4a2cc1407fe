import { describe, expect, it } from "vitest";
import { LLM_ROLES, type LlmRole } from "../roles";
import { defaultRoleSettings, llmSettingsInputSchema, llmSettingsSchema, type RoleSettings } from "../settings-schema";

const roles = Object.fromEntries(LLM_ROLES.map((role) => [role, defaultRoleSettings()])) as Record<
  LlmRole,
  RoleSettings
>;
const valid = {
  baseUrl: "http://localhost:11434/v1/",
  roles: { ...roles, planner: { model: "llama3.1", timeoutMs: 30_000, maxRetries: 2 } },
};

function errorsOf(input: unknown): Record<string, string[]> {
  const result = llmSettingsInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
}

describe("the model settings schema", () => {
  it("accepts an http(s) base URL, drops its trailing slash, and allows roles without a model", () => {
    const parsed = llmSettingsSchema.parse(valid);
    expect(parsed.baseUrl).toBe("http://localhost:11434/v1");
    expect(parsed.roles.planner).toEqual({ model: "llama3.1", timeoutMs: 30_000, maxRetries: 2 });
    expect(parsed.roles.executor.model).toBe("");
    expect(
      llmSettingsSchema.parse({ ...valid, baseUrl: "https://my-resource.openai.azure.com/openai/v1" }).baseUrl,
    ).toMatch(/^https:/);
  });

  it("refuses other schemes and things that are not URLs, saying what to enter", () => {
    expect(errorsOf({ ...valid, baseUrl: "ftp://models.example.com/v1" }).baseUrl).toEqual([
      "Only http:// and https:// URLs are supported.",
    ]);
    expect(errorsOf({ ...valid, baseUrl: "localhost:11434" }).baseUrl?.[0]).toMatch(/Only http:\/\/ and https:\/\//);
    expect(errorsOf({ ...valid, baseUrl: "not a url" }).baseUrl?.[0]).toMatch(/full URL starting with http:\/\//);
    expect(errorsOf({ ...valid, baseUrl: "  " }).baseUrl?.[0]).toMatch(/Enter the base URL/);
  });

  it("keeps timeouts between 1 second and 10 minutes and retries between 0 and 8", () => {
    const withPlanner = (planner: object) => ({
      ...valid,
      roles: { ...valid.roles, planner: { ...valid.roles.planner, ...planner } },
    });
    expect(errorsOf(withPlanner({ timeoutMs: 999 }))["roles.planner.timeoutMs"]).toEqual([
      "The timeout must be between 1 second and 10 minutes.",
    ]);
    expect(errorsOf(withPlanner({ timeoutMs: 600_001 }))["roles.planner.timeoutMs"]).toBeDefined();
    expect(errorsOf(withPlanner({ timeoutMs: Number.NaN }))["roles.planner.timeoutMs"]).toBeDefined();
    expect(errorsOf(withPlanner({ timeoutMs: 1_000, maxRetries: 0 }))).toEqual({});
    expect(errorsOf(withPlanner({ timeoutMs: 600_000, maxRetries: 8 }))).toEqual({});
    expect(errorsOf(withPlanner({ maxRetries: 9 }))["roles.planner.maxRetries"]).toEqual([
      "Retries must be between 0 and 8.",
    ]);
    expect(errorsOf(withPlanner({ maxRetries: 1.5 }))["roles.planner.maxRetries"]).toBeDefined();
  });

  it("needs every role, and takes the API key and its removal as optional write-only fields", () => {
    const { compressor: _dropped, ...threeRoles } = valid.roles;
    expect(errorsOf({ ...valid, roles: threeRoles })["roles.compressor"]).toBeDefined();
    expect(llmSettingsInputSchema.parse({ ...valid, apiKey: " sk-test ", clearApiKey: false })).toMatchObject({
      apiKey: "sk-test",
      clearApiKey: false,
    });
  });
});
