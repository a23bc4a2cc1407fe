"use client";

import { ClipboardCheck } from "lucide-react";
import Link from "next/link";
import { useState, useTransition } from "react";
import { Alert, Button, Dialog, Field, Input } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { RunViewStoreState } from "@/lib/stores/run-view";
import { useRunView } from "./run-view-context";

export type SaveAsCaseAction = (input: {
  runId: string;
  name: string;
}) => Promise<ActionState<{ caseId: string; routineId: string }>>;

const selectStatus = (state: RunViewStoreState) => state.header.status;
const selectRunId = (state: RunViewStoreState) => state.header.runId;
const selectRoutineName = (state: RunViewStoreState) => state.header.routineName;

/**
 * "Save as test case" in the run header, once the run has succeeded: asks for a name, records the run's calls,
 * outputs and branch path as a case of its routine, and links to the routine's cases.
 */
export function SaveAsCase({ action }: { action: SaveAsCaseAction }) {
  const status = useRunView(selectStatus);
  const runId = useRunView(selectRunId);
  const routineName = useRunView(selectRoutineName);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [state, setState] = useState<ActionState<{ caseId: string; routineId: string }>>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  if (status !== "succeeded") return null;

  const start = () => {
    setName(`${routineName}: run ${runId.slice(0, 8)}`);
    setState({ status: "idle" });
    setOpen(true);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => setState(await action({ runId, name })));
  };
  const saved = state.status === "success" ? state.data : undefined;
  return (
    <>
      {/* Short label: the run header has one line for the run's facts and its controls. */}
      <Button
        size="sm"
        variant="secondary"
        onClick={start}
        title="Save this run as a test case of its routine"
        className="whitespace-nowrap"
        data-testid="save-as-case"
      >
        <ClipboardCheck className="size-4" aria-hidden="true" /> Save as case
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Save this run as a test case"
        description="Its request, inputs, calls in order (with the values used), their outputs and its branch path become a case of the routine."
        testId="save-as-case-dialog"
      >
        {saved ? (
          <div className="space-y-4">
            <Alert tone="success" title={state.status === "success" ? state.message : ""} testId="save-as-case-done" />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Close
              </Button>
              <Link
                href={`/evaluations/${encodeURIComponent(saved.routineId)}`}
                className="inline-flex h-10 items-center rounded-lg bg-accent px-4 text-sm font-medium text-accent-foreground hover:bg-accent-hover"
                data-testid="open-test-cases"
              >
                Open the test cases
              </Link>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4">
            {state.status === "error" ? <Alert tone="error" title={state.message} testId="save-as-case-error" /> : null}
            <Field
              id="case-from-run-name"
              label="Case name"
              errors={state.status === "error" ? state.fieldErrors?.name : undefined}
            >
              {(aria) => (
                <Input
                  {...aria}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  maxLength={120}
                  autoFocus
                  data-testid="case-from-run-name"
                />
              )}
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" pending={pending} data-testid="save-as-case-submit">
                Save test case
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
