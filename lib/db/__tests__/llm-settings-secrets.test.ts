import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { signedIn } from "../../../test/request-context";
import { seedDatabase } from "../../demo/seed";
import { LLM_ROLES, type LlmSettingsInput } from "../../llm";
import { prisma } from "../core";
import { startRecordingServer, type RecordingServer } from "../testing/recording-server";
import { as } from "../testing/review-test-support";
import { getLlmSettingsView, resolveLlmConfig, testLlmConnection, updateLlmSettings } from "../llm";

// Issue #15, item 6: the model API key follows the base URL. An admin who changes the base URL without entering a
// key must not send the saved key to the new address; credentials written into the URL are sealed, never shown.

const KEY = "sk-follow-me-secret-0042";
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let recorder: RecordingServer;

function settings(baseUrl: string, extra: Partial<LlmSettingsInput> = {}): LlmSettingsInput {
  const roles = Object.fromEntries(
    LLM_ROLES.map((role) => [role, { model: role === "planner" ? "fake-model" : "", timeoutMs: 5_000, maxRetries: 0 }]),
  ) as LlmSettingsInput["roles"];
  return { baseUrl, roles, ...extra };
}

const storedValue = async () => (await prisma.setting.findUniqueOrThrow({ where: { key: "llm" } })).value;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  fake = await startFakeOpenAI({ port: 0, apiKey: KEY });
  recorder = await startRecordingServer("/v1");
});
beforeEach(async () => {
  for (const name of ["OPENAI_BASE_URL", "OPENAI_API_KEY", ...LLM_ROLES.map((r) => `OPENAI_${r.toUpperCase()}_MODEL`)])
    vi.stubEnv(name, "");
  await prisma.setting.deleteMany({ where: { key: "llm" } });
  await as("admin");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
  await recorder.close();
});

describe("the saved API key and a changed base URL", () => {
  it("is dropped when the address changes without a new key, and never reaches the new address", async () => {
    await updateLlmSettings(signedIn(), settings(fake.url, { apiKey: KEY }));
    fake.setScenario({ rules: [{ reply: { content: "O" } }] });
    expect(await testLlmConnection(signedIn(), { role: "planner" })).toMatchObject({ ok: true });

    const { dropped, changed } = await updateLlmSettings(signedIn(), settings(recorder.url));
    const result = await testLlmConnection(signedIn(), { role: "planner" });
    expect(result.ok).toBe(false);
    expect(recorder.seen.length).toBeGreaterThan(0);
    for (const { authorization } of recorder.seen) expect(authorization).not.toContain(KEY);
    expect(dropped).toEqual(["apiKey"]);
    expect(changed).toEqual(expect.arrayContaining(["baseUrl", "apiKey"]));
    expect(await getLlmSettingsView(signedIn())).toMatchObject({ baseUrl: recorder.url, hasApiKey: false });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "settings.llm_updated" },
      orderBy: { at: "desc" },
    });
    expect(JSON.parse(audit.detail!)).toMatchObject({ apiKey: "dropped", secretsDropped: ["apiKey"] });
  });

  it("does not follow from the environment either: a first save to another address leaves OPENAI_API_KEY behind", async () => {
    vi.stubEnv("OPENAI_BASE_URL", fake.url);
    vi.stubEnv("OPENAI_API_KEY", KEY);
    expect((await updateLlmSettings(signedIn(), settings(recorder.url))).dropped).toEqual(["apiKey"]);
    expect((await resolveLlmConfig("planner"))?.apiKey).toBeUndefined();
  });

  it("stays while the address stays, and a new key given with a new address is taken", async () => {
    await updateLlmSettings(signedIn(), settings(fake.url, { apiKey: KEY }));
    expect((await updateLlmSettings(signedIn(), settings(`${fake.url}/`))).dropped).toEqual([]);
    expect(await resolveLlmConfig("planner")).toMatchObject({ apiKey: KEY });
    await updateLlmSettings(signedIn(), settings(recorder.url, { apiKey: "sk-for-the-new-one" }));
    expect(await resolveLlmConfig("planner")).toMatchObject({ baseUrl: recorder.url, apiKey: "sk-for-the-new-one" });
  });
});

describe("credentials written into the base URL", () => {
  const withCredentials = (url: string) =>
    url.replace("http://", "http://svc:pw-SECRET-1@") + "?api-version=Q-SECRET-2";

  it("are sealed: neither the stored row, the page's view nor the audit shows them; the client gets them", async () => {
    await updateLlmSettings(signedIn(), settings(withCredentials(fake.url)));
    expect(await storedValue()).not.toMatch(/SECRET/);
    const view = await getLlmSettingsView(signedIn());
    expect(view).toMatchObject({ baseUrl: fake.url, hasUrlCredentials: true });
    expect(JSON.stringify(view)).not.toMatch(/SECRET/);
    const audits = await prisma.auditLog.findMany({ where: { action: "settings.llm_updated" } });
    expect(JSON.stringify(audits)).not.toMatch(/SECRET/);
    expect((await resolveLlmConfig("planner"))?.baseUrl).toBe(withCredentials(fake.url));

    // Saving the shown address again keeps them; another address drops them.
    await updateLlmSettings(signedIn(), settings(fake.url));
    expect((await resolveLlmConfig("planner"))?.baseUrl).toBe(withCredentials(fake.url));
    expect((await updateLlmSettings(signedIn(), settings(recorder.url))).dropped).toEqual(["baseUrlCredentials"]);
    expect((await resolveLlmConfig("planner"))?.baseUrl).toBe(recorder.url);
  });

  it("are not shown when they come from OPENAI_BASE_URL", async () => {
    vi.stubEnv("OPENAI_BASE_URL", withCredentials(fake.url));
    const view = await getLlmSettingsView(signedIn());
    expect(view).toMatchObject({ source: "environment", baseUrl: fake.url, hasUrlCredentials: true });
    expect(JSON.stringify(view)).not.toMatch(/SECRET/);
  });
});
