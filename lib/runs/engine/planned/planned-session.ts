import { EMPTY_PLAN, PLAN_LIMITS, type PlanState, type PlanTask, type RunStatus } from "../../../events";
import { budgetBeforeTurn, modelTurn, type AgentDriver } from "../agent-session";
import { finishAgentRun } from "../agent-finish";
import { todayLine } from "../calendar";
import { errorMessage } from "../errors";
import type { ExecutionPlan } from "../execution-plan";
import { stopsRun, type ActorPort, type ActorProfile, type ModelPort } from "../ports";
import { budgetExceeded, cancelRun, failRun, pauseRun } from "../run-transitions";
import { clipShown } from "../step-context";
import { runActorTask } from "./actor-task";
import { parsePlannerAnswer, PLANNED_RESPONSE_FORMAT } from "./planner-answer";
import { applyPlannerAnswer, reportTask, startTask } from "./plan-rules";
import { plannerMessages, repairMessage } from "./planner-prompt";

/** What a planned run needs besides the session: the planner model and the actor profiles. */
export type PlannedDriver = AgentDriver & { planner: ModelPort; actors?: ActorPort };

type PlannedExecution = Extract<ExecutionPlan, { mode: "planned" }>;

export const NO_ACTORS =
  "No actor profiles are defined: an admin adds toolkits and actors under Settings → Toolkits and actors.";

/**
 * A planned run (Aime's dynamic planner, issue #16): the planner model writes a progress list of tasks with
 * completion criteria; the engine hands one task at a time to its actor (runActorTask), records the report, and asks
 * the planner to re-plan, until the planner finishes with an answer (the run's outputs `{ answer }`) or a budget runs
 * out (`maxRounds` planner answers, or the run's steps, tokens and wall time). Every change is committed with its
 * events (plan.updated, task.dispatched, task.reported, planner.turn), and the loop derives where it stands from the
 * stored list alone, so it resumes after a pause (an operator may have edited pending tasks) or a restart: a task
 * left running with no report is dispatched again; one with a report goes to the planner.
 */
export async function runPlanned(driver: PlannedDriver, execution: PlannedExecution): Promise<RunStatus> {
  const { session } = driver;
  const { writer, transitions } = session;
  const stopped = await honourIntent(driver);
  if (stopped) return stopped;

  let actors: ActorProfile[] = [];
  try {
    actors = driver.actors ? await driver.actors.list() : [];
  } catch (error) {
    if (stopsRun(error)) throw error;
    return failRun(transitions, `The actor profiles could not be read: ${errorMessage(error)}`);
  }
  if (actors.length === 0) return failRun(transitions, NO_ACTORS);
  await driver.ensureRunning();

  const time = { modelMs: 0 };
  for (;;) {
    const wanted = await honourIntent(driver);
    if (wanted) return wanted;
    const plan = writer.snapshot.plan ?? EMPTY_PLAN;
    const running = plan.tasks.find((task) => task.status === "running");
    if (running && running.result === null) {
      const status = await carryOut(driver, plan, running, actors, execution, time);
      if (status) return status;
      continue;
    }
    // A finishing planner answer is stored before the run finishes; a restart in between only finishes it.
    if (!running && plan.answer !== null) return finishAgentRun(transitions, plan.answer);
    if (plan.round >= execution.maxRounds) {
      const error = `The planner re-planned ${execution.maxRounds} times without meeting the request.`;
      return failRun(transitions, error, undefined, [
        {
          type: "run.budget_exceeded",
          data: { budget: "planner_rounds", limit: execution.maxRounds, used: plan.round },
        },
      ]);
    }
    const status = await planRound(driver, plan, running?.id ?? null, actors, time);
    if (status) return status;
  }
}

/** Between rounds and turns: what the operator or the worker asks for, carried out; null to go on. */
async function honourIntent(driver: PlannedDriver): Promise<RunStatus | null> {
  const { writer, transitions } = driver.session;
  const wanted = await driver.intent();
  if (wanted === "shutdown") return writer.snapshot.status;
  if (wanted === "cancel") return cancelRun(transitions);
  if (wanted === "pause") return writer.snapshot.status === "paused" ? "paused" : pauseRun(transitions);
  return null;
}

/** The running task's actor carries it out; its report is stored on the list with a task.reported event. */
async function carryOut(
  driver: PlannedDriver,
  plan: PlanState,
  task: PlanTask,
  actors: ActorProfile[],
  execution: PlannedExecution,
  time: { modelMs: number },
): Promise<RunStatus | null> {
  const { writer } = driver.session;
  const actor = actors.find((candidate) => candidate.id === task.actorId);
  const result = actor
    ? await runActorTask(driver, plan, task, actor, execution.maxTurnsPerTask, time)
    : {
        report: `Not carried out: its actor (${task.actorName ?? task.actorId ?? "none"}) is no longer defined.`,
        calls: 0,
        inputTokens: 0,
        outputTokens: 0,
      };
  if ("stop" in result) return result.stop;
  const report = result.report.slice(0, PLAN_LIMITS.resultLength);
  await writer.commit({ run: { plan: reportTask(writer.snapshot.plan ?? plan, task.id, report) } }, [
    {
      type: "task.reported",
      data: {
        taskId: task.id,
        report,
        calls: result.calls,
        inputTokens: result.inputTokens,
        outputTokens: result.outputTokens,
      },
    },
  ]);
  return null;
}

/**
 * One planner round: the planner answers (planner.turn), the answer is checked against the rules (one repair turn
 * for a problem, then the run fails with it), and the new list is stored with plan.updated, together with the next
 * task dispatched (task.dispatched) or, when the planner finished, the run's end.
 */
async function planRound(
  driver: PlannedDriver,
  plan: PlanState,
  reported: string | null,
  actors: ActorProfile[],
  time: { modelMs: number },
): Promise<RunStatus | null> {
  const { session } = driver;
  const { writer, transitions } = session;
  const round = plan.round + 1;
  const messages = plannerMessages({
    request: writer.snapshot.request ?? "",
    today: todayLine(session.clock.now(), session.options.calendar),
    actors,
    plan,
    reported,
  });
  for (let attempt = 1; ; attempt++) {
    const over = budgetBeforeTurn(session, time.modelMs, false);
    if (over) return budgetExceeded(transitions, over);
    const started = session.clock.now();
    const result = await modelTurn(
      session,
      {
        port: driver.planner,
        purpose: "planner.run",
        messages,
        responseFormat: PLANNED_RESPONSE_FORMAT,
        // A first plan of a hundred tasks or more is a long JSON answer: the planner gets room an actor's turn needs not.
        maxOutputTokens: session.options.maxOutputTokens * 4,
        who: "planner model",
        event: (answer) => ({
          type: "planner.turn",
          data: {
            round,
            content: answer.content === null ? null : clipShown(answer.content),
            inputTokens: answer.usage.inputTokens,
            outputTokens: answer.usage.outputTokens,
            attempts: answer.attempts,
          },
        }),
      },
      time.modelMs,
    );
    time.modelMs += Math.max(0, session.clock.now() - started);
    if ("stop" in result) return result.stop;
    const content = result.answer.content;
    const parsed = parsePlannerAnswer(content);
    const outcome = parsed.ok ? applyPlannerAnswer(plan, parsed.answer, reported, actors) : parsed;
    if (outcome.ok) {
      if (outcome.finished) {
        await writer.commit({ run: { plan: outcome.plan } }, [
          { type: "plan.updated", data: { plan: outcome.plan, by: "planner", summary: outcome.summary } },
        ]);
        return finishAgentRun(transitions, outcome.plan.answer ?? "");
      }
      const next = outcome.plan.tasks.find((task) => task.id === outcome.next)!;
      const actor = actors.find((candidate) => candidate.id === next.actorId)!;
      const started = startTask(outcome.plan, next.id);
      await writer.commit({ run: { plan: started } }, [
        { type: "plan.updated", data: { plan: started, by: "planner", summary: outcome.summary } },
        {
          type: "task.dispatched",
          data: {
            taskId: next.id,
            actorId: actor.id,
            actorName: actor.name,
            tools: actor.toolkit.tools.map((tool) => tool.name),
          },
        },
      ]);
      return null;
    }
    if (attempt >= 2)
      return failRun(
        transitions,
        `The planner's answer could not be used, even after a repair turn: ${outcome.problem}`,
      );
    messages.push({ role: "assistant", content: content ?? "" }, repairMessage(outcome.problem));
  }
}
