"use client";

import { useEffect, useState, useTransition } from "react";
import { Alert, Dialog, Spinner } from "@/components/ui";
import { StartRunForm } from "./start-run-form";
import type { StartRunActions } from "./start-run-types";

type LoadResult = Awaited<ReturnType<StartRunActions["load"]>>;

/**
 * The "Run" dialog: reads the published version's inputs when it opens, then asks for them (or for a request in
 * words, prefilled with `request` when given). Used by the designer's Run button and by "Run by request".
 */
export function StartRunDialog({
  routineId,
  open,
  onClose,
  actions,
  fallbackTitle,
  request,
}: {
  routineId: string;
  open: boolean;
  onClose: () => void;
  actions: StartRunActions;
  /** The title until the routine's name is read. */
  fallbackTitle: string;
  request?: string;
}) {
  // The last answer, for the routine it was read for: kept while the dialog reopens, so what was typed survives.
  const [loaded, setLoaded] = useState<{ routineId: string; result: LoadResult } | null>(null);
  const [loading, startLoading] = useTransition();
  const { load } = actions;
  useEffect(() => {
    if (!open) return;
    let current = true;
    startLoading(async () => {
      const result = await load(routineId);
      if (current) setLoaded({ routineId, result });
    });
    return () => {
      current = false;
    };
  }, [open, routineId, load]);
  const result = loaded?.routineId === routineId ? loaded.result : null;
  const form = result?.ok ? result.form : null;
  const error = result && !result.ok && !loading ? result.message : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={form ? `Run “${form.name}” v${form.versionNumber}` : fallbackTitle}
      description="The published version runs, with these inputs. You will watch it step by step."
      testId="start-run-dialog"
    >
      {loading && !form ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" /> Reading the routine’s inputs…
        </p>
      ) : error ? (
        <Alert tone="error" title="This routine cannot run now" testId="start-run-unavailable">
          {error}
        </Alert>
      ) : form ? (
        <StartRunForm
          key={`${routineId}:${request ?? ""}`}
          routineId={routineId}
          form={form}
          start={actions.start}
          request={request}
        />
      ) : null}
    </Dialog>
  );
}
