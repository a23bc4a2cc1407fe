"use client";

import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui";
import type { RetrievalView, RunByRequestActions } from "./by-request-types";

/**
 * "Plan it": a planned run for the request (the planner breaks it into tasks and hands each to an actor whose
 * tools fit), opened as soon as it is queued. The first choice when no routine fits; otherwise a second choice
 * beside the routine suggested, for an operator who prefers it.
 */
export function PlanIt({ retrieval, plan }: { retrieval: RetrievalView; plan: RunByRequestActions["plan"] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  // Stays pending through the navigation to the new run, so the button cannot start a second one.
  const [pending, startTransition] = useTransition();
  const start = () =>
    startTransition(async () => {
      setError(null);
      const result = await plan({ request: retrieval.request });
      if (!result.ok) return setError(result.message);
      router.push(`/runs/${encodeURIComponent(result.runId)}`);
    });
  const none = retrieval.decision === "none";
  const failure = error ? (
    <p role="alert" className="text-sm font-medium text-danger" data-testid="plan-error">
      {error}
    </p>
  ) : null;
  if (none)
    return (
      <div className="space-y-2 rounded-lg border border-accent/40 bg-accent-soft px-4 py-3" data-testid="plan-it">
        <p className="text-sm text-foreground">
          <span className="font-medium">Plan it instead of picking a routine.</span> The planner breaks the request into
          tasks, each with what counts as done, and hands each to an actor whose tools fit. You watch the list tick live
          and can pause, edit a task, or stop it.
        </p>
        <div className="flex justify-end">
          <Button onClick={start} pending={pending} data-testid="plan-request">
            {pending ? null : <Sparkles className="size-4" aria-hidden="true" />} Plan it
          </Button>
        </div>
        {failure}
      </div>
    );
  return (
    <div className="space-y-2 border-t border-border pt-3" data-testid="plan-it">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Or skip the routine: the planner breaks the request into tasks for actors.</p>
        <Button variant="secondary" size="sm" onClick={start} pending={pending} data-testid="plan-instead">
          {pending ? null : <Sparkles className="size-4" aria-hidden="true" />} Plan it instead
        </Button>
      </div>
      {failure}
    </div>
  );
}
