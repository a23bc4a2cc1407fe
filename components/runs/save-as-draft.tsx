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

/**
 * "Save as routine draft" in a planned run's header, once the run has succeeded: the calls that mattered become a
 * new routine whose first version is a draft, owned by the viewer, for the usual review. One click (it only adds a
 * draft); then a link to the draft in the designer with its validation issue count.
 */
export function SaveAsDraft({ action }: { action: SaveAsDraftAction }) {
  const status = useRunView(selectStatus);
  const runId = useRunView(selectRunId);
  const [state, setState] = useState<ActionState<SavedDraft>>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  if (status !== "succeeded") return null;

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
