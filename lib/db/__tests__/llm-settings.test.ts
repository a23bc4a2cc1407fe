import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { signedIn, signInAs, signOutAll } from "../../../test/request-context";
import { LLM_ROLES, type LlmRole, type LlmSettingsInput } from "../../llm";
import { prisma } from "../core";
import { DEMO_USERS, seedDatabase } from "../../demo/seed";
import {
  getLlmSettingsView,
  listLlmUsage,
  llmClientFor,
  resolveLlmConfig,
  testLlmConnection,
  updateLlmSettings,
} from "../llm";

const as = async (role: "author" | "reviewer" | "operator" | "admin") => {
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(role))!;
  await signInAs(user.email, user.password);
};

const KEY = "sk-fake-secret-key-0042";
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;

const ENV_NAMES = [
  "OPENAI_BASE_URL",
  "OPENAI_API_KEY",
  ...LLM_ROLES.map((role) => `OPENAI_${role.toUpperCase()}_MODEL`),
];
const clearEnv = () => ENV_NAMES.forEach((name) => vi.stubEnv(name, ""));

function settings(
  overrides: Partial<LlmSettingsInput> & { models?: Partial<Record<LlmRole, string>> } = {},
): LlmSettingsInput {
  const { models = {}, ...rest } = overrides;
  const roles = Object.fromEntries(
    LLM_ROLES.map((role) => [role, { model: models[role] ?? "", timeoutMs: 5_000, maxRetries: 1 }]),
  ) as LlmSettingsInput["roles"];
  return { baseUrl: fake.url, roles, ...rest };
}

const counts = async () => ({
  settings: await prisma.setting.count(),
  audit: await prisma.auditLog.count(),
  calls: await prisma.llmCall.count(),
});
const storedRow = () => prisma.setting.findUnique({ where: { key: "llm" } });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  fake = await startFakeOpenAI({ port: 0, apiKey: KEY });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});
beforeEach(() => {
  clearEnv();
  fake.reset();
});

describe("before anything is saved", () => {
  it("nothing configured: the view says so and a client names what to set", async () => {
    await as("admin");
    expect(await getLlmSettingsView(signedIn())).toMatchObject({
      source: "none",
      baseUrl: "",
      hasApiKey: false,
      roles: { planner: { model: "", configured: false } },
    });
    expect(await resolveLlmConfig("planner")).toBeNull();
    await expect(llmClientFor("planner")).rejects.toMatchObject({
      name: "LlmNotConfiguredError",
      code: "not_configured",
      message: expect.stringMatching(/Settings → Models.*OPENAI_BASE_URL.*OPENAI_PLANNER_MODEL/),
    });
  });

  it("falls back to the environment, with the default timeout and retries", async () => {
    vi.stubEnv("OPENAI_BASE_URL", `${fake.url}/`);
    vi.stubEnv("OPENAI_API_KEY", KEY);
    vi.stubEnv("OPENAI_PLANNER_MODEL", "env-planner");
    await as("admin");
    const view = await getLlmSettingsView(signedIn());
    expect(view).toMatchObject({
      source: "environment",
      baseUrl: fake.url,
      hasApiKey: true,
      roles: { planner: { model: "env-planner", configured: true }, executor: { configured: false } },
    });
    expect(JSON.stringify(view)).not.toContain(KEY);
    expect(await resolveLlmConfig("planner")).toEqual({
      role: "planner",
      baseUrl: fake.url,
      apiKey: KEY,
      model: "env-planner",
      timeoutMs: 60_000,
      maxRetries: 3,
      source: "environment",
    });
    expect(await resolveLlmConfig("executor")).toBeNull();
    await expect(llmClientFor("executor")).rejects.toMatchObject({
      code: "not_configured",
      message: expect.stringContaining("OPENAI_EXECUTOR_MODEL"),
    });
  });

  it("ignores an environment base URL that is not http(s), and says why", async () => {
    vi.stubEnv("OPENAI_BASE_URL", "ftp://models.example.com");
    await as("admin");
    const view = await getLlmSettingsView(signedIn());
    expect(view.source).toBe("none");
    expect(view.notes).toEqual([expect.stringMatching(/OPENAI_BASE_URL is ignored: Only http/)]);
  });
});

describe("who may read, change and test the settings", () => {
  it("only admins; everyone else is refused and nothing is written", async () => {
    for (const role of ["author", "reviewer", "operator"] as const) {
      await as(role);
      const before = await counts();
      await expect(getLlmSettingsView(signedIn())).rejects.toMatchObject({ name: "ForbiddenError" });
      await expect(
        updateLlmSettings(signedIn(), settings({ apiKey: KEY, models: { planner: "fake-model" } })),
      ).rejects.toMatchObject({ name: "ForbiddenError" });
      await expect(testLlmConnection(signedIn(), { role: "planner" })).rejects.toMatchObject({
        name: "ForbiddenError",
      });
      await expect(listLlmUsage(signedIn())).rejects.toMatchObject({ name: "ForbiddenError" });
      expect(await counts()).toEqual(before);
    }
    signOutAll();
    await expect(getLlmSettingsView(signedIn())).rejects.toMatchObject({ name: "UnauthenticatedError" });
    await expect(updateLlmSettings(signedIn(), settings())).rejects.toMatchObject({ name: "UnauthenticatedError" });
    expect(await storedRow()).toBeNull();
  });
});

describe("saving the settings", () => {
  it("refuses a bad URL and out-of-range numbers field by field, writing nothing", async () => {
    await as("admin");
    const before = await counts();
    const input = settings({ baseUrl: "ftp://models.example.com/v1" });
    input.roles.planner = { model: "m", timeoutMs: 0, maxRetries: 9 };
    await expect(updateLlmSettings(signedIn(), input)).rejects.toMatchObject({
      name: "ValidationError",
      fieldErrors: {
        baseUrl: ["Only http:// and https:// URLs are supported."],
        "roles.planner.timeoutMs": ["The timeout must be between 1 second and 10 minutes."],
        "roles.planner.maxRetries": ["Retries must be between 0 and 8."],
      },
    });
    expect(await counts()).toEqual(before);
  });

  it("seals the key in the database, never returns it, and overrides the environment", async () => {
    vi.stubEnv("OPENAI_BASE_URL", "http://env-host.invalid/v1");
    vi.stubEnv("OPENAI_PLANNER_MODEL", "env-planner");
    await as("admin");
    const { changed } = await updateLlmSettings(
      signedIn(),
      settings({ apiKey: KEY, models: { planner: "fake-model" } }),
    );
    expect(changed).toEqual(expect.arrayContaining(["baseUrl", "roles.planner.model", "apiKey"]));

    const row = await storedRow();
    expect(row?.value).not.toContain(KEY);
    expect(row?.value).not.toContain("secret-key");
    const view = await getLlmSettingsView(signedIn());
    expect(view).toMatchObject({
      source: "database",
      baseUrl: fake.url,
      hasApiKey: true,
      updatedBy: "admin@example.com",
      roles: { planner: { model: "fake-model", timeoutMs: 5_000, maxRetries: 1, configured: true } },
    });
    expect(JSON.stringify(view)).not.toContain(KEY);
    expect(await resolveLlmConfig("planner")).toMatchObject({
      baseUrl: fake.url,
      apiKey: KEY,
      model: "fake-model",
      source: "database",
    });

    const audit = await prisma.auditLog.findFirst({
      where: { action: "settings.llm_updated" },
      orderBy: { at: "desc" },
    });
    expect(audit).toMatchObject({ targetType: "setting", targetId: "llm", actorEmail: "admin@example.com" });
    expect(JSON.parse(audit!.detail!)).toMatchObject({
      changed: expect.arrayContaining(["apiKey", "baseUrl"]),
      apiKey: "replaced",
    });
    expect(audit!.detail).not.toContain(KEY);
  });

  it("a blank key keeps the saved one; removing it is explicit; saving the same values writes nothing", async () => {
    await as("admin");
    expect(
      (
        await updateLlmSettings(
          signedIn(),
          settings({ apiKey: "", models: { planner: "fake-model", executor: "fake-model" } }),
        )
      ).changed,
    ).toEqual(["roles.executor.model"]);
    expect(await resolveLlmConfig("executor")).toMatchObject({ apiKey: KEY });

    const before = await counts();
    expect(
      (await updateLlmSettings(signedIn(), settings({ models: { planner: "fake-model", executor: "fake-model" } })))
        .changed,
    ).toEqual([]);
    expect(await counts()).toEqual(before);

    expect(
      (
        await updateLlmSettings(
          signedIn(),
          settings({ clearApiKey: true, models: { planner: "fake-model", executor: "fake-model" } }),
        )
      ).changed,
    ).toEqual(["apiKey"]);
    expect((await getLlmSettingsView(signedIn())).hasApiKey).toBe(false);
    expect((await resolveLlmConfig("planner"))?.apiKey).toBeUndefined();
    const audit = await prisma.auditLog.findFirst({
      where: { action: "settings.llm_updated" },
      orderBy: { at: "desc" },
    });
    expect(JSON.parse(audit!.detail!)).toEqual({ changed: ["apiKey"], apiKey: "removed" });
  });
});

describe("testing the connection", () => {
  it("answers ok with the model and latency, and records the call as settings.test", async () => {
    await as("admin");
    await updateLlmSettings(signedIn(), settings({ apiKey: KEY, models: { planner: "fake-model" } }));
    fake.setScenario({ rules: [{ reply: { content: "O" } }] });
    const result = await testLlmConnection(signedIn(), { role: "planner" });
    expect(result).toMatchObject({ ok: true, model: "fake-model", message: 'The model "fake-model" answered.' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: "admin@example.com" } });
    const call = await prisma.llmCall.findFirst({ where: { purpose: "settings.test" }, orderBy: { at: "desc" } });
    expect(call).toMatchObject({ role: "planner", model: "fake-model", status: "ok", userId: admin.id, attempts: 1 });
    expect(call!.inputTokens).toBeGreaterThan(0);
  });

  it("lists the models for a role without a model", async () => {
    await as("admin");
    expect(await testLlmConnection(signedIn(), { role: "compressor" })).toMatchObject({
      ok: true,
      model: "",
      message: "The endpoint answered and offers 1 model.",
    });
  });

  it("reports a refused key as a failed result whose message names the fix and not the key", async () => {
    await as("admin");
    await updateLlmSettings(
      signedIn(),
      settings({ apiKey: "sk-wrong-key-99999999", models: { planner: "fake-model" } }),
    );
    const result = await testLlmConnection(signedIn(), { role: "planner" });
    expect(result).toMatchObject({
      ok: false,
      model: "fake-model",
      message: expect.stringMatching(/refused the API key \(HTTP 401\)\. Check the API key in Settings → Models/),
    });
    expect(result.message).not.toContain("wrong-key");
    const call = await prisma.llmCall.findFirst({ where: { purpose: "settings.test" }, orderBy: { at: "desc" } });
    expect(call).toMatchObject({ status: "error", attempts: 1 });
    expect(call!.error).toMatch(/^unauthorized: /);
    expect(call!.error).not.toContain("wrong-key");
    await updateLlmSettings(signedIn(), settings({ apiKey: KEY, models: { planner: "fake-model" } }));
  });

  it("reports a server that keeps failing after its retries", async () => {
    await as("admin");
    fake.setScenario({ rules: [{ fault: { kind: "http", status: 503 } }] });
    const result = await testLlmConnection(signedIn(), { role: "planner" });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining("HTTP 503 after 2 attempts") });
  });
});

describe("clients for the planner and runner, and the usage they record", () => {
  it("records each call with its context, and the admin reads recent calls and totals per role", async () => {
    await as("admin");
    await updateLlmSettings(
      signedIn(),
      settings({ apiKey: KEY, models: { planner: "fake-model", executor: "fake-model" } }),
    );
    const routine = await prisma.routine.findFirst();
    fake.setScenario({
      rules: [{ reply: { content: "planned", usage: { prompt_tokens: 100, completion_tokens: 40 } } }],
    });
    const before = (await listLlmUsage(signedIn())).totals.planner;

    const client = await llmClientFor("planner", { routineId: routine?.id });
    const answer = await client.chat({
      purpose: "planner.optimize",
      messages: [{ role: "user", content: "Optimize" }],
    });
    expect(answer).toMatchObject({ content: "planned", usage: { inputTokens: 100, outputTokens: 40 }, attempts: 1 });

    const usage = await listLlmUsage(signedIn(), { limit: 5 });
    expect(usage.calls[0]).toMatchObject({
      role: "planner",
      purpose: "planner.optimize",
      status: "ok",
      inputTokens: 100,
      outputTokens: 40,
    });
    expect(await prisma.llmCall.findUnique({ where: { id: usage.calls[0].id } })).toMatchObject({
      routineId: routine?.id ?? null,
    });
    expect(usage.totals.planner).toEqual({
      calls: before.calls + 1,
      errors: before.errors,
      inputTokens: before.inputTokens + 100,
      outputTokens: before.outputTokens + 40,
    });
  });

  it("a first save from the environment keeps the environment's key when the field is left blank", async () => {
    await prisma.setting.deleteMany({ where: { key: "llm" } });
    vi.stubEnv("OPENAI_BASE_URL", fake.url);
    vi.stubEnv("OPENAI_API_KEY", KEY);
    await as("admin");
    await updateLlmSettings(signedIn(), settings({ models: { planner: "fake-model" } }));
    expect(await resolveLlmConfig("planner")).toMatchObject({ apiKey: KEY, source: "database" });
    const audit = await prisma.auditLog.findFirst({
      where: { action: "settings.llm_updated" },
      orderBy: { at: "desc" },
    });
    expect(JSON.parse(audit!.detail!)).toMatchObject({ previousSource: "environment" });
  });
});
