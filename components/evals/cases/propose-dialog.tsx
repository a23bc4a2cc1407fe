"use client";

import { useState, useTransition } from "react";
import { Alert, Button, Dialog, Field, Input } from "@/components/ui";
import type { CaseActions, ProposeState } from "./case-types";

/** Asks the planner model for N cases; they arrive as proposals to keep or drop. */
export function ProposeDialog(props: {
  open: boolean;
  onClose: () => void;
  routineId: string;
  propose: CaseActions["propose"];
  onProposed: (state: ProposeState) => void;
}) {
  const [count, setCount] = useState("5");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    startTransition(async () => {
      const state = await props.propose({ routineId: props.routineId, count: Number(count) });
      if (state.status === "error") {
        setError(state.message);
        return;
      }
      props.onProposed(state);
      props.onClose();
    });
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title="Propose test cases"
      description="The planner model reads the routine and its tools and writes varied, realistic requests with the calls a correct run makes. You keep or drop each one."
      testId="propose-dialog"
    >
      <form onSubmit={submit} className="space-y-4">
        {error ? (
          <Alert tone="error" title="No cases were proposed" testId="propose-error">
            {error}
          </Alert>
        ) : null}
        <Field id="propose-count" label="How many cases" hint="Between 1 and 20 per request.">
          {(aria) => (
            <Input
              {...aria}
              type="number"
              min={1}
              max={20}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              className="w-28"
              data-testid="propose-count"
            />
          )}
        </Field>
        <div className="flex justify-end gap-2 border-t border-border pt-4">
          <Button type="button" variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={pending} data-testid="propose-submit">
            {pending ? "Asking the planner…" : "Propose"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
