import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "@/scripts/fake-openai/index";
import { formData } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { llmClientFor } from "@/lib/db/llm";
import { seedDatabase } from "@/lib/demo/seed";
import { as } from "@/lib/db/testing/review-test-support";
import { idleState } from "@/lib/forms";
import { LLM_ROLES } from "@/lib/llm";
import { type ScriptedServer, startScriptedServer, watchSockets } from "@/lib/outbound/testing";
import { testLlmConnectionAction, updateLlmSettingsAction } from "../actions";

// Issue #29: the model base URL an admin saves under Settings → Models may not lead the app into the host's network,
// at save or at call time, and nothing a non-OpenAI endpoint answers reaches anyone. Through the page's actions.

vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const dns = vi.hoisted(() => ({ names: new Map<string, string>() }));
vi.mock("node:dns/promises", async (importOriginal) =>
  (await import("@/lib/outbound/testing")).dnsAnswering(
    await importOriginal<typeof import("node:dns/promises")>(),
    dns.names,
  ),
);

const KEY = "sk-outbound-test-key-0042";
const SECRET = "AKIAINTERNAL0SECRET0KEY";
const ENV_NAMES = [
  "OPENAI_BASE_URL",
  "OPENAI_API_KEY",
  ...LLM_ROLES.map((role) => `OPENAI_${role.toUpperCase()}_MODEL`),
];

/** The settings form as the browser posts it: one base URL, the planner's model, short timeouts, no retries. */
const settingsForm = (baseUrl: string) =>
  formData({
    baseUrl,
    apiKey: KEY,
    ...Object.fromEntries(
      LLM_ROLES.flatMap((role) => [
        [`${role}.model`, role === "planner" ? "fake-model" : ""],
        [`${role}.timeoutSeconds`, "5"],
        [`${role}.maxRetries`, "0"],
      ]),
    ),
  });
const counts = async () => ({ settings: await prisma.setting.count(), audit: await prisma.auditLog.count() });
const toLinkLocal = (targets: string[]) => targets.filter((target) => target.startsWith("169.254."));
const test = () => testLlmConnectionAction(idleState, formData({ role: "planner" }));

let fake: FakeOpenAI;
let internal: ScriptedServer;
let sockets: ReturnType<typeof watchSockets> | undefined;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  fake = await startFakeOpenAI({ port: 0, apiKey: KEY });
  internal = await startScriptedServer((request, response) => {
    const path = request.url ?? "";
    if (path.startsWith("/redirect/")) {
      response.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" }).end(SECRET);
    } else if (path.startsWith("/openai-shaped/")) {
      response
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "The model `fake-model` does not exist", type: "invalid_request" } }));
    } else if (path.startsWith("/json-message/")) {
      response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ message: SECRET }));
    } else {
      response.writeHead(500, { "content-type": "text/html" }).end(`<pre>${SECRET}</pre>`);
    }
  });
});
afterAll(async () => {
  await fake.close();
  await internal.close();
});
beforeEach(async () => {
  for (const name of ENV_NAMES) vi.stubEnv(name, "");
  await prisma.setting.deleteMany({ where: { key: "llm" } });
  fake.reset();
});
afterEach(() => {
  sockets?.stop();
  sockets = undefined;
  vi.unstubAllEnvs();
  dns.names.clear();
});

describe("saving a base URL", () => {
  it("refuses the metadata address, a name resolving to it and loopback beside the field: nothing saved, nothing sent", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", "");
    dns.names.set("models.attacker.example", "169.254.169.254");
    const before = await counts();
    sockets = watchSockets();
    const refusals = [];
    for (const url of ["http://169.254.169.254/v1", "http://models.attacker.example/v1", fake.url]) {
      const state = await updateLlmSettingsAction(idleState, settingsForm(url));
      expect(state, url).toMatchObject({ status: "error", fieldErrors: { baseUrl: [expect.any(String)] } });
      refusals.push("fieldErrors" in state ? state.fieldErrors?.baseUrl?.[0] : undefined);
    }
    expect(refusals).toEqual([
      "169.254.169.254 is one of the cloud metadata addresses. The app never connects to those.",
      '"models.attacker.example" resolves only to cloud metadata addresses. The app never connects to those.',
      "127.0.0.1 is one of the loopback addresses (this machine). The app connects to those only when the deployer allows them in OUTBOUND_ALLOWED_NETWORKS.",
    ]);
    expect(await counts()).toEqual(before);
    expect(fake.requests()).toEqual([]);
    expect(toLinkLocal(sockets.targets)).toEqual([]);
  });

  it("takes a loopback endpoint the deployer allows, and the connection test reaches it", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${fake.port}`);
    fake.setScenario({ rules: [{ reply: { content: "OK" } }] });
    expect(await updateLlmSettingsAction(idleState, settingsForm(fake.url))).toMatchObject({ status: "success" });
    expect(await test()).toMatchObject({ status: "success", data: { ok: true } });
    expect(fake.requests().length).toBeGreaterThan(0);
  });
});

describe("calling the endpoint", () => {
  it("refuses at call time an endpoint the policy does not allow (saved earlier, or from OPENAI_BASE_URL), sending nothing", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${fake.port}`);
    await updateLlmSettingsAction(idleState, settingsForm(fake.url));
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", "");
    const refused = `The model endpoint ${fake.url} was not contacted: address not allowed: loopback. Check the base URL.`;
    expect(await test()).toMatchObject({ data: { ok: false, message: refused } });
    const planner = await llmClientFor("planner");
    await expect(planner.chat({ purpose: "test", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({
      code: "not_allowed",
      message: refused,
    });

    await prisma.setting.deleteMany({ where: { key: "llm" } });
    vi.stubEnv("OPENAI_BASE_URL", fake.url);
    vi.stubEnv("OPENAI_API_KEY", KEY);
    vi.stubEnv("OPENAI_PLANNER_MODEL", "fake-model");
    expect(await test()).toMatchObject({ data: { ok: false, message: refused } });
    expect(fake.requests()).toEqual([]);
  });

  it("does not follow a redirect, to the metadata address or anywhere", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${internal.port}`);
    await updateLlmSettingsAction(idleState, settingsForm(`${internal.origin}/redirect/v1`));
    const seen = internal.requests.length;
    sockets = watchSockets();
    expect(await test()).toMatchObject({
      data: {
        ok: false,
        message: `The model endpoint ${internal.origin}/redirect/v1 answered with a redirect (HTTP 307); redirects are not followed. Check the base URL.`,
      },
    });
    expect(internal.requests.slice(seen)).toEqual(["POST /redirect/v1/chat/completions"]);
    expect(toLinkLocal(sockets.targets)).toEqual([]);
  });

  it("shows admins an OpenAI-shaped explanation, and nobody any other body", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${internal.port}`);
    const base = internal.origin;

    await updateLlmSettingsAction(idleState, settingsForm(`${base}/openai-shaped/v1`));
    const shaped = await test();
    expect(shaped).toMatchObject({
      data: {
        ok: false,
        message: `The model endpoint ${base}/openai-shaped/v1 answered 404 Not Found. Check the base URL (it usually ends in /v1) and the model name "fake-model". The endpoint said: "The model \`fake-model\` does not exist"`,
      },
    });
    // What authors (the planner) and operators (a run's step) get carries none of it.
    const planner = await llmClientFor("planner");
    const error = await planner.chat({ purpose: "test", messages: [{ role: "user", content: "hi" }] }).catch((e) => e);
    expect(error.message).not.toContain("does not exist");

    const shown: unknown[] = [shaped];
    for (const path of ["/json-message/v1", "/html/v1"]) {
      await updateLlmSettingsAction(idleState, settingsForm(`${base}${path}`));
      shown.push(await test());
      shown.push(
        await (
          await llmClientFor("planner")
        )
          .chat({ purpose: "test", messages: [{ role: "user", content: "hi" }] })
          .catch((e: Error) => ({
            message: e.message,
            serverMessage: (e as { serverMessage?: string }).serverMessage,
          })),
      );
    }
    const calls = await prisma.llmCall.findMany({ select: { error: true } });
    expect(calls.length).toBeGreaterThan(4);
    expect(JSON.stringify([shown, calls])).not.toContain(SECRET);
  });
});
