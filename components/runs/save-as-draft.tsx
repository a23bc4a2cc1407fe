"use client";

import { FilePlus2 } from "lucide-react";
import Link from "next/link";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { RunViewStoreState } from "@/lib/stores/run-view";
import type { SaveAsDraftAction, SavedDraft } from "./planned-types";
import { useRunView } from "./run-view-context";

const selectStatus = (state: RunViewStoreState) => state.header.status;
const selectRunId = (state: RunViewStoreState) => state.header.runId;

const issuesText = (count: number) =>
  count === 0 ? "no validation issues" : count === 1 ? "1 validation issue" : `${count} validation issues`;

// Drafts are written by authors and admins (WRITER_ROLES), and an author sees a planned run only if they started it
// (it has no routine to own): the operator who watched it finish learns whom to ask, instead of finding no button.
const WHO_MAY_SAVE = "Only admins, and authors who started this run, can save it as a routine draft.";

/**
 * "Save as routine draft" in a planned run's header, once the run has succeeded: the calls that mattered become a
 * new routine whose first version is a draft, owned by the viewer, for the usual review. One click (it only adds a
 * draft); then a link to the draft in the designer with its validation issue count. `action` is null for a viewer
 * whose role may not write drafts (an operator): they are told who can.
 */
export function SaveAsDraft({ action }: { action: SaveAsDraftAction | null }) {
  const status = useRunView(selectStatus);
  if (status !== "succeeded") return null;
  if (!action)
    return (
      <p className="max-w-72 text-xs text-muted" data-testid="save-as-draft-who">
        {WHO_MAY_SAVE}
      </p>
    );
  return <SaveButton action={action} />;
}

function SaveButton({ action }: { action: SaveAsDraftAction }) {
  const runId = useRunView(selectRunId);
  const [state, setState] = useState<ActionState<SavedDraft>>({ status: "idle" });
  const [pending, startTransition] = useTransition();

  const saved = state.status === "success" ? state.data : undefined;
  if (saved)
    return (
      <Link
        href={`/routines/${encodeURIComponent(saved.routineId)}`}
        className="text-sm font-medium whitespace-nowrap text-accent hover:underline"
        title={`The new routine's draft has ${issuesText(saved.issues)}; fix them in the designer, then submit it for review.`}
        data-testid="save-as-draft-link"
        data-issues={saved.issues}
      >
        Open the draft ({issuesText(saved.issues)})
      </Link>
    );
  return (
    <div className="flex items-center gap-2">
      <Button
        size="sm"
        variant="secondary"
        pending={pending}
        onClick={() => startTransition(async () => setState(await action({ runId })))}
        title="Turn what this run did into a new routine draft, for review like any other"
        className="whitespace-nowrap"
        data-testid="save-as-draft"
      >
        {pending ? null : <FilePlus2 className="size-4" aria-hidden="true" />} Save as routine draft
      </Button>
      {state.status === "error" ? (
        <p role="alert" className="max-w-64 text-xs font-medium text-danger" data-testid="save-as-draft-error">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
