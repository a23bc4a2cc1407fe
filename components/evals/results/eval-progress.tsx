"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Alert, Button } from "@/components/ui";
import type { ActionState } from "@/lib/forms";

export type ProgressView = {
  status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
  total: number;
  done: number;
  cancelRequested: boolean;
};

type ProgressRead = (input: {
  evalRunId: string;
}) => Promise<{ status: "success"; progress: ProgressView } | { status: "error"; message: string }>;
type CancelAction = (input: { evalRunId: string }) => Promise<ActionState>;

const POLL_MS = 1_500;
const REFRESH_MS = 4_000;
const active = (status: ProgressView["status"]) => status === "queued" || status === "running";

/**
 * The progress bar of a suite run in flight, with Cancel. It polls a small progress read (not the page), and
 * refreshes the page's figures every few seconds while results come in, and once more when the run ends.
 */
export function EvalProgress({
  evalRunId,
  initial,
  canCancel,
  read,
  cancel,
}: {
  evalRunId: string;
  initial: ProgressView;
  canCancel: boolean;
  read: ProgressRead;
  cancel: CancelAction;
}) {
  const router = useRouter();
  const [progress, setProgress] = useState(initial);
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const refreshedAt = useRef(0);
  const shownDone = useRef(initial.done);

  useEffect(() => {
    if (!active(progress.status)) return;
    const timer = setTimeout(async () => {
      const outcome = await read({ evalRunId }).catch(() => null);
      if (!outcome || outcome.status !== "success") return setProgress((current) => ({ ...current }));
      const next = outcome.progress;
      setProgress(next);
      const finished = !active(next.status);
      const now = Date.now();
      if (finished || (next.done !== shownDone.current && now - refreshedAt.current > REFRESH_MS)) {
        refreshedAt.current = now;
        shownDone.current = next.done;
        router.refresh();
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [progress, evalRunId, read, router]);

  if (!active(progress.status)) return null;
  const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
  return (
    <div className="space-y-2 rounded-xl border border-border bg-surface p-4" data-testid="eval-progress">
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <span id={`progress-${evalRunId}`} className="font-medium">
          {progress.cancelRequested
            ? "Cancelling: waiting for the cases in flight to stop…"
            : progress.status === "queued"
              ? "Waiting to start…"
              : `Running: ${progress.done} of ${progress.total} results`}
        </span>
        {canCancel && !progress.cancelRequested ? (
          <Button
            variant="danger"
            size="sm"
            pending={pending}
            data-testid="eval-cancel"
            onClick={() =>
              startTransition(async () => {
                const outcome = await cancel({ evalRunId });
                if (outcome.status === "idle") return;
                setMessage({ tone: outcome.status === "error" ? "error" : "info", text: outcome.message });
                if (outcome.status !== "error") setProgress((current) => ({ ...current, cancelRequested: true }));
              })
            }
          >
            Cancel
          </Button>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={`progress-${evalRunId}`}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
        data-testid="eval-progress-bar"
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {message ? (
        <Alert tone={message.tone === "error" ? "error" : "info"} testId="eval-cancel-message">
          {message.text}
        </Alert>
      ) : null}
    </div>
  );
}
