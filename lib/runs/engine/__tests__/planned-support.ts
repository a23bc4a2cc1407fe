import type { RunEvent } from "../../../events";
import { estimateTokens, type ChatRequest } from "../../../llm";
import { createRunEngine } from "../engine";
import { emptyPlannedRoutine } from "../../planned";
import type { ActorProfile, Budgets } from "../ports";
import { FakeClock, FakeTools, MemoryRunStore, scriptedModel, type ScriptedAnswer } from "../testing";
import { DEFAULT_HANDLERS, HR_TOOLS } from "./support";

export { call, scriptedTurns } from "./agent-support";

const hr = (name: string) => ({ server: "hr", name });

export const LEAVE_CLERK: ActorProfile = {
  id: "leave-clerk",
  name: "Leave clerk",
  persona: "You handle leave requests carefully.",
  model: null,
  toolkit: { id: "tk-leave", name: "Leave desk", tools: [hr("get_leave_balance"), hr("apply_leave")] },
};
export const NOTIFIER: ActorProfile = {
  id: "notifier",
  name: "Notifier",
  persona: "You write short messages to employees.",
  model: "small-model",
  toolkit: { id: "tk-notify", name: "Messages", tools: [hr("notify_employee")] },
};
export const IDLE: ActorProfile = {
  id: "idle",
  name: "Idle",
  persona: "",
  model: null,
  toolkit: { id: "tk-empty", name: "Empty", tools: [] },
};
export const ACTORS = [LEAVE_CLERK, NOTIFIER, IDLE];

/** A planner answer as JSON text (what the planner model writes). */
export type PlannerReply = Record<string, unknown> | string;
type PlannerTurn = PlannerReply | ((request: ChatRequest) => PlannerReply);

/** A planner model answering round by round from a script; past its end it fails the test loudly. */
export function plannerTurns(turns: PlannerTurn[], usage?: ScriptedAnswer["usage"]) {
  let at = 0;
  return scriptedModel((request) => {
    const turn = turns[at++];
    if (turn === undefined) throw new Error(`The planner script has no answer ${at}.`);
    const reply = typeof turn === "function" ? turn(request) : turn;
    return { content: typeof reply === "string" ? reply : JSON.stringify(reply), ...(usage ? { usage } : {}) };
  });
}

/** The text of a request's messages of one role, joined. */
export function textOf(request: ChatRequest, role: "system" | "user" | "all" = "all"): string {
  return request.messages
    .filter((message) => role === "all" || message.role === role)
    .map((message) => ("content" in message ? (message.content ?? "") : ""))
    .join("\n");
}

/** An engine over the in-memory store, fake HR tools and a fake clock, with one queued planned run. */
export function plannedHarness(options: {
  planner: ReturnType<typeof scriptedModel>;
  executor: ReturnType<typeof scriptedModel>;
  actors?: ActorProfile[] | null;
  request?: string;
  budgets?: Partial<Budgets>;
  maxRounds?: number;
  maxTurnsPerTask?: number;
}) {
  const clock = new FakeClock();
  const store = new MemoryRunStore(() => clock.now());
  const tools = new FakeTools(HR_TOOLS, { ...DEFAULT_HANDLERS });
  const actors = options.actors === undefined ? ACTORS : options.actors;
  const engine = createRunEngine({
    store,
    tools,
    model: options.executor,
    planner: options.planner,
    ...(actors ? { actors: { list: async () => structuredClone(actors) } } : {}),
    clock,
    options: { countTokens: estimateTokens, controlPollMs: 0, calendar: { timeZone: "UTC" } },
  });
  const runId = store.createRun({
    routine: emptyPlannedRoutine(),
    request: options.request ?? "Book 3 days of leave for E7 and tell them.",
    budgets: options.budgets,
    execution: {
      mode: "planned",
      maxRounds: options.maxRounds ?? 24,
      maxTurnsPerTask: options.maxTurnsPerTask ?? 8,
    },
  });
  const events = (type?: RunEvent["type"]) =>
    store.events(runId).filter((event) => type === undefined || event.type === type);
  return {
    clock,
    store,
    tools,
    engine,
    runId,
    events,
    run: () => store.run(runId),
    plan: () => store.run(runId).snapshot.plan,
    steps: () => store.steps(runId),
    execute: (signal?: AbortSignal) => engine.execute(runId, signal),
  };
}
