import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { getToolServer, listToolServers } from "@/lib/db/tools";
import { seedDatabase } from "@/lib/demo/seed";
import { type MutableMcpServer, objectSchema, startMutableMcpServer } from "@/lib/db/testing/mutable-mcp-server";
import { as } from "@/lib/db/testing/review-test-support";
import { idleState } from "@/lib/forms";
import { type ScriptedServer, startScriptedServer, watchSockets } from "@/lib/outbound/testing";
import { signedIn } from "@/test/request-context";
import { sharedToolGateway } from "@/lib/tool-gateway";
import { createToolServerAction, refreshToolServerAction, tryToolAction, updateToolServerAction } from "../actions";

// Issue #29: an admin configures tool servers but may not reach the host's network through them. Each attack goes
// through the Tools page's actions as the browser posts them, with real servers that count what reaches them.

vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

// DNS as the test says for its made-up names (a name that resolves to the metadata address, a rebinding name); the
// system's for everything else.
const dns = vi.hoisted(() => ({ names: new Map<string, string>() }));
vi.mock("node:dns/promises", async (importOriginal) =>
  (await import("@/lib/outbound/testing")).dnsAnswering(
    await importOriginal<typeof import("node:dns/promises")>(),
    dns.names,
  ),
);

const SECRET = "AKIAINTERNAL0SECRET0KEY";
const counts = async () => ({ servers: await prisma.toolServer.count(), audit: await prisma.auditLog.count() });
const httpForm = (name: string, url: string, extra: Record<string, string> = {}) =>
  formData({ name, description: "", transport: "http", url, ...extra });
const toLinkLocal = (targets: string[]) => targets.filter((target) => /^169\.254\.|^fe80:/i.test(target));

let mcp: MutableMcpServer;
let internal: ScriptedServer;
let sockets: ReturnType<typeof watchSockets>;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer([{ name: "lookup", description: "Look up", inputSchema: objectSchema({}) }]);
  // An internal service that is no MCP server: its error pages carry what it should not.
  internal = await startScriptedServer((request, response) => {
    if (request.url === "/redirect") {
      response.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/iam/security-credentials/" });
      response.end(`moved, see ${SECRET}`);
    } else if (request.url === "/broken-json") {
      response.writeHead(200, { "content-type": "application/json" }).end(`${SECRET}{`);
    } else if (request.url === "/teapot") {
      response.writeHead(400, { "content-type": "text/plain" }).end(`bad request; admin token ${SECRET}`);
    } else {
      response.writeHead(500, { "content-type": "text/html" }).end(`<h1>Internal error</h1><pre>${SECRET}</pre>`);
    }
  });
});
afterAll(async () => {
  await sharedToolGateway().close();
  await mcp.close();
  await internal.close();
});
afterEach(() => {
  sockets?.stop();
  vi.unstubAllEnvs();
  dns.names.clear();
});

describe("a tool server at a refused address", () => {
  it("is refused beside the URL at save, for the metadata address and a name resolving to it: nothing saved, nothing sent", async () => {
    await as("admin");
    dns.names.set("metadata.attacker.example", "169.254.169.254");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", "0.0.0.0/0, ::/0");
    const before = await counts();
    sockets = watchSockets();
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://metadata.attacker.example/latest/meta-data/",
      "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
    ]) {
      const state = await createToolServerAction(idleState, httpForm("metadata", url));
      expect(state, url).toMatchObject({
        status: "error",
        fieldErrors: { url: [expect.stringMatching(/metadata addresses\. The app never connects to those\.$/)] },
      });
    }
    expect(toLinkLocal(sockets.targets)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it("refuses an edit that moves a saved server to the metadata address, keeping the saved one", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${new URL(mcp.url).port}`);
    expect(await createToolServerAction(idleState, httpForm("people", mcp.url))).toMatchObject({ status: "success" });
    const saved = await prisma.toolServer.findUniqueOrThrow({ where: { name: "people" } });
    sockets = watchSockets();
    const state = await updateToolServerAction(
      idleState,
      httpForm("people", "http://169.254.169.254/latest/meta-data/", { serverId: saved.id }),
    );
    expect(state).toMatchObject({ status: "error", fieldErrors: { url: [expect.stringMatching(/never connects/)] } });
    expect(await prisma.toolServer.findUniqueOrThrow({ where: { id: saved.id } })).toEqual(saved);
    expect(toLinkLocal(sockets.targets)).toEqual([]);
  });

  it("on loopback is refused without OUTBOUND_ALLOWED_NETWORKS and reached with it", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", "");
    const before = await counts();
    const requests = mcp.requests;
    const refused = await createToolServerAction(idleState, httpForm("local", mcp.url));
    expect(refused).toMatchObject({
      status: "error",
      fieldErrors: {
        url: [
          "127.0.0.1 is one of the loopback addresses (this machine). The app connects to those only when the deployer allows them in OUTBOUND_ALLOWED_NETWORKS.",
        ],
      },
    });
    expect(mcp.requests).toBe(requests);
    expect(await counts()).toEqual(before);

    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${new URL(mcp.url).port}`);
    const accepted = await createToolServerAction(idleState, httpForm("local", mcp.url));
    expect(accepted).toMatchObject({ status: "success", message: "Server added. It offers 1 tool." });
    expect(mcp.requests).toBeGreaterThan(requests);
  });

  it("is refused when it connects, after DNS, when its name moved to the metadata address since it was saved", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${new URL(mcp.url).port}`);
    dns.names.set("tools.rebind.example", "127.0.0.1");
    const url = `http://tools.rebind.example:${new URL(mcp.url).port}/mcp`;
    expect(await createToolServerAction(idleState, httpForm("rebound", url))).toMatchObject({ status: "success" });
    const { id } = await prisma.toolServer.findUniqueOrThrow({ where: { name: "rebound" } });

    dns.names.set("tools.rebind.example", "169.254.169.254");
    sockets = watchSockets();
    const state = await refreshToolServerAction(idleState, formData({ serverId: id }));
    expect(state).toEqual({
      status: "error",
      message:
        'The server could not be reached: Server "rebound" was not contacted: address not allowed: cloud metadata.',
    });
    expect(toLinkLocal(sockets.targets)).toEqual([]);
    expect(await prisma.toolServer.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "error",
      lastError: 'Server "rebound" was not contacted: address not allowed: cloud metadata.',
    });
  });
});

describe("what a failing server said", () => {
  it("a redirect is not followed, and its stored error says so without the body or the target", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${internal.port}`);
    sockets = watchSockets();
    const seen = internal.requests.length;
    const state = await createToolServerAction(idleState, httpForm("redirector", `${internal.origin}/redirect`));
    const lastError = 'Server "redirector" answered with a redirect (HTTP 307); redirects are not followed.';
    expect(state).toEqual({
      status: "success",
      message: `Server added. Its tools could not be listed yet: ${lastError}`,
    });
    expect(await prisma.toolServer.findUniqueOrThrow({ where: { name: "redirector" } })).toMatchObject({ lastError });
    expect(internal.requests.slice(seen)).toEqual(["POST /redirect"]);
    expect(toLinkLocal(sockets.targets)).toEqual([]);
  });

  it("its status and a short reason are stored and shown, never its body: not to the admin, an author or in try it", async () => {
    await as("admin");
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", `127.0.0.1:${internal.port}`);
    const expected: Record<string, string> = {
      "/error": 'Server "internal-error" is failing (HTTP 500).',
      "/teapot": 'Server "internal-teapot" rejected the request (HTTP 400).',
      "/broken-json": 'Server "internal-broken-json" answered with something that is not JSON.',
    };
    const shown: string[] = [];
    for (const [path, lastError] of Object.entries(expected)) {
      const name = `internal-${path.slice(1)}`;
      const state = await createToolServerAction(idleState, httpForm(name, `${internal.origin}${path}`));
      expect(state).toEqual({
        status: "success",
        message: `Server added. Its tools could not be listed yet: ${lastError}`,
      });
      const row = await prisma.toolServer.findUniqueOrThrow({ where: { name } });
      expect(row.lastError).toBe(lastError);
      const tried = await tryToolAction(idleState, formData({ serverId: row.id, toolName: "lookup", arguments: "{}" }));
      expect(tried).toEqual({ status: "error", message: lastError });
      shown.push(JSON.stringify([state, tried]));
    }

    await as("author");
    const list = await listToolServers(signedIn());
    const pages = await Promise.all(
      list
        .filter((server) => server.name.startsWith("internal-"))
        .map((server) => getToolServer(signedIn(), server.id)),
    );
    expect(pages).toHaveLength(3);
    for (const text of [...shown, JSON.stringify(list), JSON.stringify(pages)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/Internal error|admin token/);
    }
  });
});
