"use client";

import { Play } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui";
import { StartRunDialog } from "./start-run-dialog";
import type { StartRunActions } from "./start-run-types";

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
  return (
    <>
      <Button
        type="button"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="run-routine"
        title={`Run the published version (v${publishedVersionNumber})`}
      >
        <Play className="size-4" aria-hidden="true" /> Run
      </Button>
      <StartRunDialog
        routineId={routineId}
        open={open}
        onClose={() => setOpen(false)}
        actions={actions}
        fallbackTitle={`Run v${publishedVersionNumber}`}
      />
    </>
  );
}
