import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { Gates } from "./gates";
import { readJsonBody, sendError, sendJson } from "./http-io";
import type { RequestLog } from "./request-log";
import type { ScenarioState } from "./scenario-state";
import { appendRulesBodySchema, fakeScenarioSchema, openGateBodySchema } from "./schemas";

export const CONTROL_PREFIX = "/__fake/";

type Control = { state: ScenarioState; log: RequestLog; gates: Gates };

/**
 * The control API for tests in another process (browser tests): `POST /__fake/scenario` replaces the rules,
 * `POST /__fake/rules` appends (`{ rules: [...] }`), `GET /__fake/requests` lists the recorded requests,
 * `POST /__fake/gates/open` (`{ gate }`) releases the requests held at a gate, `POST /__fake/reset` goes back to the
 * start-up scenario, closes every gate and clears the log. It needs no API key: it is a test harness, not part of
 * the API the product sees.
 */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  control: Control,
): Promise<void> {
  const route = `${req.method} ${path.slice(CONTROL_PREFIX.length)}`;
  switch (route) {
    case "GET requests":
      return sendJson(res, 200, { requests: control.log.list() });
    case "POST reset":
      control.state.reset();
      control.gates.reset();
      control.log.clear();
      return sendJson(res, 200, { ok: true, rules: control.state.ruleCount() });
    case "POST scenario": {
      const scenario = await readValid(
        req,
        res,
        fakeScenarioSchema,
        "a scenario { rules: FakeRule[], models?: string[] }",
      );
      if (!scenario) return;
      control.state.setScenario(scenario);
      return sendJson(res, 200, { ok: true, rules: control.state.ruleCount() });
    }
    case "POST rules": {
      const body = await readValid(req, res, appendRulesBodySchema, "{ rules: FakeRule[] } with at least one rule");
      if (!body) return;
      control.state.addRules(body.rules);
      return sendJson(res, 200, { ok: true, rules: control.state.ruleCount() });
    }
    case "POST gates/open": {
      const body = await readValid(req, res, openGateBodySchema, "{ gate: string } (1 to 200 characters)");
      if (!body) return;
      return sendJson(res, 200, { ok: true, gate: body.gate, waiting: control.gates.open(body.gate) });
    }
    default:
      return sendError(
        res,
        404,
        `fake-openai: no control endpoint ${req.method} ${path}; try POST /__fake/scenario, POST /__fake/rules, GET /__fake/requests, POST /__fake/gates/open or POST /__fake/reset.`,
      );
  }
}

/** The body parsed with `schema`, or undefined after answering 400 (or 413) with what is wrong. */
async function readValid<T>(
  req: IncomingMessage,
  res: ServerResponse,
  schema: z.ZodType<T>,
  expected: string,
): Promise<T | undefined> {
  const body = await readJsonBody(req);
  if (!body.ok) {
    sendError(res, body.status, body.message);
    return undefined;
  }
  const parsed = schema.safeParse(body.json);
  if (parsed.success) return parsed.data;
  sendError(res, 400, `fake-openai: the body must be ${expected}:\n${z.prettifyError(parsed.error)}`);
  return undefined;
}
