"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, Button, Dialog } from "@/components/ui";
import { useDesigner, useDesignerApi } from "./designer-context";
import type { Routine } from "@/lib/routine";
import type { DesignerStoreState } from "@/lib/stores/designer";

export type SaveAsCopy = (input: {
  routine: Routine;
  name: string;
}) => Promise<{ status: "saved"; id: string } | { status: "error"; message: string }>;

const selectStaleSave = (state: DesignerStoreState) => ({
  status: state.save.status,
  routine: state.routine,
  currentRevision: state.save.currentRevision,
});

/** After a refused (stale) save: reload the other version, or keep this one as a new routine. Never a silent overwrite. */
export function StaleSaveDialog({ saveAsCopy }: { saveAsCopy: SaveAsCopy }) {
  const router = useRouter();
  const store = useDesignerApi();
  const { status, routine, currentRevision } = useDesigner(selectStaleSave);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keepMine = async () => {
    setPending(true);
    const result = await saveAsCopy({ routine, name: `${routine.name} (my copy)` });
    setPending(false);
    if (result.status === "error") return setError(result.message);
    router.push(`/routines/${result.id}`);
  };
  return (
    <Dialog
      open={status === "stale"}
      onClose={() => undefined}
      title="This routine was changed elsewhere"
      description={`Someone saved it (revision ${currentRevision ?? "?"}) after you opened it, in another tab or by another person. Your changes were not saved over theirs.`}
      testId="stale-save-dialog"
    >
      <div className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              // Discarding is the user's explicit choice here, so the leave-page guard stands down.
              store.getState().setSave({ status: "saved" });
              window.location.reload();
            }}
            data-testid="stale-reload"
          >
            Reload theirs (discard mine)
          </Button>
          <Button onClick={keepMine} pending={pending} data-testid="stale-keep-copy">
            Keep mine as a copy
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
