"use client";

import { Play } from "lucide-react";
import { useState, useTransition } from "react";
import { Alert, Button, Dialog, Spinner } from "@/components/ui";
import { StartRunForm } from "./start-run-form";
import type { RunFormView, StartRunActions } from "./start-run-types";

/** "Run" in the designer's header (operators and admins): a dialog asking for the published version's inputs. */
export function RunRoutineButton({
  routineId,
  publishedVersionNumber,
  actions,
}: {
  routineId: string;
  publishedVersionNumber: number;
  actions: StartRunActions;
}) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<RunFormView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, startLoading] = useTransition();
  const openDialog = () => {
    setOpen(true);
    setError(null);
    startLoading(async () => {
      const result = await actions.load(routineId);
      if (result.ok) setForm(result.form);
      else setError(result.message);
    });
  };
  return (
    <>
      <Button
        type="button"
        size="sm"
        onClick={openDialog}
        data-testid="run-routine"
        title={`Run the published version (v${publishedVersionNumber})`}
      >
        <Play className="size-4" aria-hidden="true" /> Run
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={form ? `Run “${form.name}” v${form.versionNumber}` : `Run v${publishedVersionNumber}`}
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
          <StartRunForm routineId={routineId} form={form} start={actions.start} />
        ) : null}
      </Dialog>
    </>
  );
}
