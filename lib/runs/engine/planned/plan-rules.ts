import { PLAN_LIMITS, type PlanState, type PlanTask } from "../../../events";
import type { ActorProfile } from "../ports";
import type { PlannerAnswer, PlannerTask } from "./planner-answer";

export type PlanOutcome =
  | { ok: true; plan: PlanState; next: string | null; finished: boolean; summary: string }
  | { ok: false; problem: string };

const MAX_SUMMARY = 2000;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The number of the highest task id so far; new tasks continue after it, so an id is never reused. */
export function highestTaskNumber(plan: PlanState): number {
  return plan.tasks.reduce((high, task) => Math.max(high, Number(task.id.slice(1)) || 0), 0);
}

/**
 * Applies the planner's answer to the list as it stood, checking what the planner may do: a task becomes done only
 * in the round right after its own actor reported (the planner cannot tick work nobody did), a done or dropped task
 * stays so, a dropped task says why, actors exist, `next` is a pending task whose actor has tools, and finishing
 * leaves no task open. Returns the new list (next still pending) and a summary of the change in words, or the first
 * problem, worded for the planner's repair turn.
 */
export function applyPlannerAnswer(
  previous: PlanState,
  answer: PlannerAnswer,
  reported: string | null,
  actors: readonly ActorProfile[],
): PlanOutcome {
  const actorIds = new Set(actors.map((actor) => actor.id));
  const byId = new Map(previous.tasks.map((task) => [task.id, task]));
  const changed = new Map<string, PlanTask>();
  const added: PlanTask[] = [];
  const said: string[] = [];
  const addedSaid: string[] = [];
  let number = highestTaskNumber(previous);

  const actorOf = (wanted: PlannerTask["actor"], current: PlanTask | null) => {
    if (wanted === undefined) return { actorId: current?.actorId ?? null, actorName: current?.actorName ?? null };
    if (wanted === null) return { actorId: null, actorName: null };
    const actor = actors.find((candidate) => candidate.id === wanted);
    return actor ? { actorId: actor.id, actorName: actor.name.slice(0, 120) } : null;
  };
  const unknownActor = (id: string) =>
    `Unknown actor "${id}"; choose one of: ${[...actorIds].join(", ") || "(none defined)"}.`;

  for (const item of answer.tasks) {
    if (item.id === undefined) {
      if (!item.title || !item.criteria)
        return { ok: false, problem: "A new task (no id) needs a title and its completion criteria." };
      if (item.status !== undefined && item.status !== "pending")
        return { ok: false, problem: `A new task starts pending: "${item.title}" cannot be ${item.status} yet.` };
      const actor = actorOf(item.actor ?? null, null);
      if (!actor) return { ok: false, problem: unknownActor(item.actor!) };
      const id = `t${++number}`;
      added.push({
        id,
        title: item.title,
        criteria: item.criteria,
        ...actor,
        status: "pending",
        result: null,
        note: item.note ?? null,
      });
      addedSaid.push(`Added ${id} "${clip(item.title, 80)}"`);
      continue;
    }
    const current = byId.get(item.id);
    if (!current)
      return { ok: false, problem: `${item.id} is not a task of the list; leave "id" out to add a new task.` };
    if (changed.has(item.id))
      return { ok: false, problem: `${item.id} appears twice in the answer; list each task once.` };
    const status = item.status ?? (current.status === "running" ? undefined : current.status);
    if (status === undefined)
      return {
        ok: false,
        problem: `Say what became of ${item.id} after its report: done (its criteria are met), pending with a note saying what is missing, or dropped with a reason.`,
      };
    const note = item.note === undefined ? current.note : item.note;
    if (current.status === "done" || current.status === "dropped") {
      if (status !== current.status)
        return {
          ok: false,
          problem: `${item.id} is ${current.status} and stays so; add a new task for more work.`,
        };
      changed.set(item.id, { ...current, note });
      continue;
    }
    if (status === "done" && item.id !== reported)
      return {
        ok: false,
        problem: `${item.id} cannot be done: only the task whose actor just reported can be, once its report meets its criteria. Keep ${item.id} pending and dispatch it.`,
      };
    if (status === "dropped" && !note) return { ok: false, problem: `Give a note saying why ${item.id} is dropped.` };
    const actor = actorOf(item.actor, current);
    if (!actor) return { ok: false, problem: unknownActor(item.actor!) };
    const next: PlanTask = {
      ...current,
      title: item.title ?? current.title,
      criteria: item.criteria ?? current.criteria,
      ...actor,
      status: status === "failed" ? "pending" : status,
      note,
    };
    changed.set(item.id, next);
    said.push(...describeChange(current, next, item.id === reported));
  }

  if (reported !== null && byId.get(reported)?.status === "running" && !changed.has(reported))
    return {
      ok: false,
      problem: `Say what became of ${reported} after its report: done (its criteria are met), pending with a note saying what is missing, or dropped with a reason.`,
    };

  said.unshift(...addedSaid);
  const tasks = [...previous.tasks.map((task) => changed.get(task.id) ?? task), ...added];
  if (tasks.length > PLAN_LIMITS.tasks)
    return { ok: false, problem: `The list may hold at most ${PLAN_LIMITS.tasks} tasks; merge or drop some.` };
  const plan: PlanState = { round: previous.round + 1, tasks, answer: previous.answer };

  if (answer.finished) {
    const open = tasks.filter((task) => task.status === "pending" || task.status === "running").map((task) => task.id);
    if (open.length > 0)
      return {
        ok: false,
        problem: `You finished with ${open.slice(0, 10).join(", ")}${open.length > 10 ? ", …" : ""} still open: carry on, or drop each with a note saying why it is not needed.`,
      };
    if (!answer.answer)
      return { ok: false, problem: "You finished without an answer: give the answer to the request." };
    said.push("finished");
    return { ok: true, plan: { ...plan, answer: answer.answer }, next: null, finished: true, summary: summary(said) };
  }

  if (answer.next === null)
    return {
      ok: false,
      problem: "Name the next task to dispatch (a pending task with an actor), or finish with the answer.",
    };
  const chosen = tasks.find((task) => task.id === answer.next);
  if (!chosen) return { ok: false, problem: `next: ${answer.next} is not a task of the list.` };
  if (chosen.status !== "pending")
    return { ok: false, problem: `next: ${chosen.id} is ${chosen.status}; only a pending task can be dispatched.` };
  if (chosen.actorId === null) return { ok: false, problem: `next: give ${chosen.id} an actor before dispatching it.` };
  const actor = actors.find((candidate) => candidate.id === chosen.actorId);
  if (!actor) return { ok: false, problem: unknownActor(chosen.actorId) };
  if (actor.toolkit.tools.length === 0)
    return { ok: false, problem: `next: ${actor.name} has no tools; choose an actor whose toolkit fits ${chosen.id}.` };
  said.push(`next: ${chosen.id}`);
  return { ok: true, plan, next: chosen.id, finished: false, summary: summary(said) };
}

function describeChange(before: PlanTask, after: PlanTask, reported: boolean): string[] {
  const parts: string[] = [];
  if (after.status !== before.status || reported) {
    if (after.status === "done") parts.push(`${after.id} done`);
    else if (after.status === "dropped")
      parts.push(`${after.id} dropped${after.note ? `: ${clip(after.note, 120)}` : ""}`);
    else if (reported) parts.push(`${after.id} kept pending${after.note ? `: ${clip(after.note, 120)}` : ""}`);
  }
  if (after.title !== before.title) parts.push(`${after.id} retitled "${clip(after.title, 80)}"`);
  if (after.criteria !== before.criteria) parts.push(`${after.id} criteria changed`);
  if (after.actorId !== before.actorId) parts.push(`${after.id} now with ${after.actorName ?? "no actor"}`);
  return parts;
}

function summary(parts: string[]): string {
  return clip(`${parts.join("; ")}.`, MAX_SUMMARY);
}

/** The list with `taskId` handed to its actor: running, its earlier report cleared (the planner has read it). */
export function startTask(plan: PlanState, taskId: string): PlanState {
  return {
    ...plan,
    tasks: plan.tasks.map((task) => (task.id === taskId ? { ...task, status: "running", result: null } : task)),
  };
}

/** The list with the actor's report on `taskId` kept (clipped); the task stays running until the planner judges it. */
export function reportTask(plan: PlanState, taskId: string, report: string): PlanState {
  const result = clip(report.trim() || "(no report)", PLAN_LIMITS.resultLength);
  return { ...plan, tasks: plan.tasks.map((task) => (task.id === taskId ? { ...task, result } : task)) };
}
