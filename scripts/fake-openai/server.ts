import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { IdSource } from "./answer";
import { handleChatCompletion } from "./chat";
import { CONTROL_PREFIX, handleControl } from "./control";
import { handleEmbeddings } from "./embeddings";
import { Gates } from "./gates";
import { readJsonBody, sendError, sendJson } from "./http-io";
import { RequestLog, type RecordedRequest } from "./request-log";
import { ScenarioState } from "./scenario-state";
import { gateNameSchema, parseOrThrow, type FakeRule, type FakeScenario } from "./schemas";

export type FakeOpenAIOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** The rules it starts with, and goes back to on reset(). Default: none (every chat request gets a 500). */
  scenario?: FakeScenario;
  /** When set, `/v1` requests need `Authorization: Bearer <apiKey>` or get a 401. */
  apiKey?: string;
};

export type FakeOpenAI = {
  /** Base URL ending in /v1: what OPENAI_BASE_URL (or the SDK's baseURL) gets. */
  url: string;
  port: number;
  /** Replaces the rules (and the models list). */
  setScenario(scenario: FakeScenario): void;
  /** Appends rules after the current ones. */
  addRules(rules: FakeRule[]): void;
  /**
   * Back to the start-up scenario, with every rule's `times` count restarted, every gate closed and the request log
   * cleared. Requests already held at a gate keep waiting there.
   */
  reset(): void;
  /** The `/v1` requests received so far, oldest first. */
  requests(): RecordedRequest[];
  /**
   * Opens a gate for good (until reset): requests held by rules with `hold: name` are answered now, later ones at
   * once. Returns how many were waiting.
   */
  openGate(name: string): number;
  /** How many requests are held at a gate right now, e.g. to wait until a client that gave up is gone. */
  waitingAt(name: string): number;
  /** Stops listening and cuts open connections (hanging and held requests included). */
  close(): Promise<void>;
};

/**
 * Starts a fake OpenAI-compatible server (Chat Completions, Embeddings and Models) that answers from scripted rules, for tests
 * and demos without a real model. Invalid scenarios or rules throw with every problem named.
 */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const host = options.host ?? "127.0.0.1";
  const state = new ScenarioState(options.scenario);
  const log = new RequestLog();
  const gates = new Gates();
  const ids = new IdSource();

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error("fake-openai: request failed:", error);
      if (!res.headersSent) sendError(res, 500, "fake-openai: internal error (see its output).");
      else res.destroy();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (path.startsWith(CONTROL_PREFIX)) return handleControl(req, res, path, { state, log, gates });
    if (path !== "/v1" && !path.startsWith("/v1/")) {
      return sendError(
        res,
        404,
        `fake-openai: unknown path ${path}; the API is under /v1 and the control endpoints under /__fake/.`,
      );
    }
    const body = req.method === "POST" ? await readJsonBody(req) : undefined;
    const entry = log.record(req.method ?? "GET", path, req.headers, body?.ok ? (body.json ?? null) : null);
    const refusal = authProblem(req.headers.authorization, options.apiKey);
    if (refusal) return sendError(res, 401, refusal);
    if (body && !body.ok) return sendError(res, body.status, body.message);

    if (req.method === "POST" && path === "/v1/chat/completions")
      return handleChatCompletion(res, body?.json, { state, gates, ids, entry });
    if (req.method === "POST" && path === "/v1/embeddings") return handleEmbeddings(res, body?.json, state);
    if (req.method === "GET" && path === "/v1/models")
      return sendJson(res, 200, { object: "list", data: state.modelIds().map(modelObject) });
    const model = /^\/v1\/models\/([^/]+)$/.exec(path);
    if (req.method === "GET" && model) {
      const id = decodeURIComponent(model[1]);
      if (state.modelIds().includes(id)) return sendJson(res, 200, modelObject(id));
      return sendError(res, 404, `The model '${id}' does not exist or you do not have access to it.`, {
        param: "model",
      });
    }
    return sendError(res, 404, `Invalid URL (${req.method} ${path})`);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${urlHost}:${port}/v1`,
    port,
    setScenario: (scenario) => state.setScenario(scenario),
    addRules: (rules) => state.addRules(rules),
    reset: () => {
      state.reset();
      gates.reset();
      log.clear();
    },
    requests: () => log.list(),
    openGate: (name) => gates.open(parseOrThrow(gateNameSchema, name, "gate name")),
    waitingAt: (name) => gates.waiting(name),
    close: () => {
      // Idempotent: a test may close early and its clean-up close again.
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
        // Cut sockets abort their held waits, but only once their "close" events run; ending every wait here too
        // leaves nothing pending whatever the order.
        gates.abortAll();
      });
      return closing;
    },
  };
}

/** Why a request is refused, or null. The key itself never appears in the answer. */
function authProblem(header: string | undefined, apiKey: string | undefined): string | null {
  if (apiKey === undefined) return null;
  if (!header) {
    return "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";
  }
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match && match[1] === apiKey ? null : "Incorrect API key provided. Check the key the app is configured with.";
}

function modelObject(id: string) {
  return { id, object: "model" as const, created: 1_700_000_000, owned_by: "fake-openai" };
}
