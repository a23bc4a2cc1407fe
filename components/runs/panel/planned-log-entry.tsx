import { ListChecks, Send, Sparkles } from "lucide-react";
import { formatTokens, type AgentLogEntry } from "@/lib/stores/run-view";

type PlannedEntry = Extract<AgentLogEntry, { kind: "planner" | "plan" | "task" }>;

/** A planned run's own log entry: a planner turn, a change to the task list, a task handed out or reported back. */
export function PlannedLogEntry({ entry }: { entry: PlannedEntry }) {
  if (entry.kind === "planner")
    return (
      <div
        className="rounded-lg border border-accent/40 p-2 text-xs"
        data-testid="agent-log-planner"
        data-round={entry.round}
      >
        <p className="mb-1 flex items-center gap-1 text-muted">
          <Sparkles className="size-3.5 text-accent" aria-hidden="true" />
          Planner, round {entry.round} · {formatTokens(entry.inputTokens)} in · {formatTokens(entry.outputTokens)} out
        </p>
        {entry.content ? <p className="whitespace-pre-wrap text-foreground">{entry.content}</p> : null}
      </div>
    );
  if (entry.kind === "plan")
    return (
      <p className="flex items-start gap-2 px-2 py-1 text-xs" data-testid="agent-log-plan" data-by={entry.by}>
        <ListChecks className="mt-0.5 size-3.5 shrink-0 text-muted" aria-hidden="true" />
        <span>
          <span className="font-medium text-foreground">
            {entry.by === "operator" ? `${entry.operator ?? "An operator"} edited the list` : "The list changed"}
          </span>
          {entry.summary ? <span className="text-muted">: {entry.summary}</span> : null}
        </span>
      </p>
    );
  return (
    <div className="flex items-start gap-2 px-2 py-1 text-xs" data-testid="agent-log-task" data-event={entry.event}>
      <Send className="mt-0.5 size-3.5 shrink-0 text-muted" aria-hidden="true" />
      {entry.event === "dispatched" ? (
        <span className="text-foreground">
          Task {entry.taskId} handed to {entry.actorName ?? "an actor with no profile"}
        </span>
      ) : (
        <span className="min-w-0">
          <span className="font-medium text-foreground">Task {entry.taskId} reported</span>
          {entry.report ? <span className="line-clamp-3 break-words text-muted">{entry.report}</span> : null}
        </span>
      )}
    </div>
  );
}
