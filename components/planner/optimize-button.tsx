"use client";

import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, Dialog } from "@/components/ui";
import { OptimizeDone, OptimizeFailed } from "./optimize-outcome";
import { OptimizeForm, type DraftSource } from "./optimize-form";
import { OptimizeProgress } from "./optimize-progress";
import { canvasWaitReason, useCanvasSave } from "./use-canvas-save";
import { useOptimize } from "./use-optimize";

type Props = {
  routineId: string;
  /** The working version the page shows: the server refuses when the routine has moved on since. */
  basedOnVersionId: string;
};

/**
 * "Optimize with AI" in the designer's top bar, for authors and admins on a draft: a dialog to choose the canvas or
 * a pasted draft, the planner's progress with its phase, then the new version in review or why there is none.
 * The canvas is sent as last saved, at the revision the designer saved (the button waits for a pending save).
 * Closing the dialog while the planner works cancels it. After a success, closing refreshes the page: the version in
 * review is now the routine's working version, and the designer reopens on it.
 */
export function OptimizeButton({ routineId, basedOnVersionId }: Props) {
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<DraftSource>("canvas");
  const [text, setText] = useState("");
  const { state, start, cancel, reset } = useOptimize(routineId);
  const router = useRouter();
  const save = useCanvasSave();
  const canvasWait = canvasWaitReason(save);

  const close = () => {
    if (state.status === "running") cancel();
    setOpen(false);
    if (state.status === "done") router.refresh();
    if (state.status === "failed") reset();
  };
  const run = () =>
    void start(
      source === "text"
        ? { source, basedOnVersionId, text }
        : { source, basedOnVersionId, ...(save ? { baseRevision: save.revision } : {}) },
    );

  return (
    <>
      <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="optimize-open">
        <Sparkles className="size-4" aria-hidden="true" />
        Optimize with AI
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Optimize with AI"
        description="The planner model turns a draft into a full routine: one tool per step, every input bound, branches labelled."
        testId="optimize-dialog"
      >
        {state.status === "idle" ? (
          <OptimizeForm
            canvasWait={canvasWait}
            source={source}
            onSourceChange={setSource}
            text={text}
            onTextChange={setText}
            onSubmit={run}
          />
        ) : null}
        {state.status === "running" ? <OptimizeProgress {...state} onCancel={cancel} /> : null}
        {state.status === "done" ? <OptimizeDone state={state} onClose={close} /> : null}
        {state.status === "failed" ? <OptimizeFailed state={state} onRetry={reset} onClose={close} /> : null}
      </Dialog>
    </>
  );
}
