"use client";

import { useState, useTransition } from "react";
import { Alert, Button, Checkbox, Dialog, Field, Input, Textarea } from "@/components/ui";
import { expectedAnswerSources } from "@/lib/evaluations/scoring";
import { fromDraft, pinnedTools, toDraft, type CaseDraft } from "./case-draft";
import type { CaseActions, CaseToolView, CaseView } from "./case-types";
import { ExpectedCallsEditor } from "./expected-calls-editor";

type Props = {
  open: boolean;
  onClose: () => void;
  routineId: string;
  /** The case to edit or read; null for a new one. */
  editing: CaseView | null;
  tools: CaseToolView[];
  readOnly: boolean;
  save: CaseActions["save"];
};

/** Add, edit or (for reviewers) read a case in a dialog. Remounted per case by its key, so it starts from the case. */
export function CaseEditor({ open, onClose, routineId, editing, tools, readOnly, save }: Props) {
  const [draft, setDraft] = useState<CaseDraft>(() => toDraft(editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const set = (patch: Partial<CaseDraft>) => setDraft((current) => ({ ...current, ...patch }));
  // Where each expected call's answer will come from in a suite, as the form stands: pinned, live or simulated.
  const sources = expectedAnswerSources(draft.calls, pinnedTools(draft.pinned), (name) => {
    const tool = tools.find(
      (candidate) => candidate.name === name || `${candidate.server}__${candidate.name}` === name,
    );
    return tool?.sideEffects !== "read_only";
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = fromDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      setMessage("Some fields need attention.");
      return;
    }
    setErrors({});
    startTransition(async () => {
      const state = await save({ routineId, caseId: editing?.id, content: result.content });
      if (state.status === "error") {
        setMessage(state.message);
        setErrors(
          Object.fromEntries(Object.entries(state.fieldErrors ?? {}).map(([key, list]) => [key, list.join(" ")])),
        );
        return;
      }
      setMessage(null);
      onClose();
    });
  };

  const title = readOnly ? "Test case" : editing ? "Edit test case" : "Add a test case";
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description="The request, and the calls a correct run makes in order, with the values each argument may take."
      className="max-w-3xl"
      testId="case-editor"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {message ? (
          <Alert tone="error" testId="case-editor-error">
            {message}
          </Alert>
        ) : null}
        {editing && editing.problems.length > 0 ? (
          <Alert tone="warning" title="Flagged: suites skip this case">
            {editing.problems.join(" ")}
          </Alert>
        ) : null}
        <Field id="case-name" label="Name" errors={errors.name ? [errors.name] : undefined}>
          {(aria) => (
            <Input
              {...aria}
              value={draft.name}
              readOnly={readOnly}
              onChange={(event) => set({ name: event.target.value })}
              data-testid="case-name"
            />
          )}
        </Field>
        <Field
          id="case-request"
          label="Request"
          hint="What the user asks, as the run receives it."
          errors={errors.request ? [errors.request] : undefined}
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={3}
              value={draft.request}
              readOnly={readOnly}
              onChange={(event) => set({ request: event.target.value })}
              data-testid="case-request"
            />
          )}
        </Field>
        <Field
          id="case-inputs"
          label="Inputs (JSON)"
          hint='The routine inputs the run starts with, e.g. {"employee_id": "E1024"}.'
          errors={errors.inputs ? [errors.inputs] : undefined}
        >
          {(aria) => (
            <Textarea
              {...aria}
              mono
              rows={3}
              value={draft.inputs}
              readOnly={readOnly}
              onChange={(event) => set({ inputs: event.target.value })}
              data-testid="case-inputs"
            />
          )}
        </Field>
        <ExpectedCallsEditor
          calls={draft.calls}
          sources={sources}
          tools={tools}
          readOnly={readOnly}
          errors={errors}
          onChange={(calls) => set({ calls })}
        />
        {errors.expectedCalls ? (
          <p className="text-xs font-medium text-danger" role="alert" data-testid="expected-calls-error">
            {errors.expectedCalls}
          </p>
        ) : null}
        <Field
          id="case-path"
          label="Expected path"
          hint="The labels of the branches a correct run takes, one per line, in order."
          errors={errors.expectedPath ? [errors.expectedPath] : undefined}
        >
          {(aria) => (
            <Textarea
              {...aria}
              mono
              rows={2}
              value={draft.path}
              readOnly={readOnly}
              onChange={(event) => set({ path: event.target.value })}
              data-testid="case-path"
            />
          )}
        </Field>
        <Field
          id="case-pinned"
          label="Pinned outputs (JSON)"
          hint='Served instead of live tools: [{"tool": "get_employee", "output": {…}}]; the k-th call of a tool gets its k-th output.'
          errors={errors.pinnedOutputs ? [errors.pinnedOutputs] : undefined}
        >
          {(aria) => (
            <Textarea
              {...aria}
              mono
              rows={4}
              value={draft.pinned}
              readOnly={readOnly}
              onChange={(event) => set({ pinned: event.target.value })}
              data-testid="case-pinned"
            />
          )}
        </Field>
        <Checkbox
          id="case-strict"
          label="Strict: also require a clean outcome"
          description="Without it the case judges the calls only (the BFCL rule). Strict also fails the case when a tool answers a call with an error or the run does not succeed."
          checked={draft.strict}
          disabled={readOnly}
          onChange={(event) => set({ strict: event.target.checked })}
          data-testid="case-strict"
        />
        <div className="flex justify-end gap-2 border-t border-border pt-4">
          <Button type="button" variant="secondary" onClick={onClose}>
            {readOnly ? "Close" : "Cancel"}
          </Button>
          {readOnly ? null : (
            <Button type="submit" pending={pending} data-testid="case-save">
              {editing ? "Save case" : "Add case"}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
