"use client";

import { useRef, useState, type ChangeEvent } from "react";
import { Alert, Button, Field, Input, Textarea, useFormAction } from "@/components/ui";
import type { CreateRoutineAction } from "./library-types";
import { selectPosition, SourceProblems } from "./source-problems";

const MAX_FILE_BYTES = 8 * 1024 * 1024;

const TEXT_EXAMPLE = `Routine: Leave request
Step 1. Check leave balance: look up the remaining leave, input employee id, output remaining days, using get_leave_balance tool;
Step 2. Eligibility: This step performs a branch condition check:
Branch 2-1 Step 1. Approve: If the balance covers the request, file the leave, using apply_leave tool;
Branch 2-2 Step 1. Reject: If it does not, tell the employee, using send_email_notification tool and terminate the workflow;`;

const JSON_EXAMPLE = `{
  "schemaVersion": 2,
  "id": "leave-request",
  "name": "Leave request",
  "steps": [{ "id": "done", "kind": "end", "name": "Done" }],
  "edges": []
}`;

const COPY = {
  text: {
    label: "Routine text",
    hint: "One step per line, as an expert writes it, optionally under a first line “Routine: Name”. Tools named in “using … tool” are looked up in the catalog.",
    example: TEXT_EXAMPLE,
    accept: ".txt,text/plain",
    fileLabel: "Or load a .txt file",
    submit: "Create from text",
  },
  json: {
    label: "Routine JSON",
    hint: "A routine exported from Routine Studio (schema version 2). It gets a new id; its name and steps are kept.",
    example: JSON_EXAMPLE,
    accept: ".json,application/json",
    fileLabel: "Or load a .json file",
    submit: "Import JSON",
  },
} as const;

/** Create a routine from pasted paper text or JSON. Problems are listed by line and column; the text stays. */
export function NewRoutineSourceForm({ kind, action }: { kind: "text" | "json"; action: CreateRoutineAction }) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  const [text, setText] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const copy = COPY[kind];
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const problems = state.status === "error" ? (state.problems ?? []) : [];

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 8 MB.`);
      return;
    }
    setText(await file.text());
  };

  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      className="space-y-4 pt-2"
      noValidate
      data-testid={`new-routine-${kind}-form`}
    >
      {state.status === "error" ? (
        <Alert tone="error" testId={`new-routine-${kind}-alert`}>
          {state.message}
        </Alert>
      ) : null}
      {kind === "text" ? (
        <Field
          id="new-routine-text-name"
          label="Name"
          hint="Optional: used when the text has no “Routine:” line."
          errors={errors?.name}
        >
          {(aria) => (
            <Input {...aria} name="name" autoComplete="off" maxLength={120} data-testid="new-routine-text-name" />
          )}
        </Field>
      ) : null}
      <Field id={`new-routine-${kind}`} label={copy.label} hint={copy.hint} errors={errors?.text}>
        {(aria) => (
          <Textarea
            {...aria}
            ref={textareaRef}
            name="text"
            rows={10}
            mono
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={copy.example}
            data-testid={`new-routine-${kind}`}
          />
        )}
      </Field>
      {problems.length > 0 ? (
        <SourceProblems
          problems={problems}
          testId={`new-routine-${kind}-problems`}
          onJump={(problem) => textareaRef.current && selectPosition(textareaRef.current, problem)}
        />
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <label htmlFor={`new-routine-${kind}-file`} className="block text-xs font-medium text-muted">
            {copy.fileLabel}
          </label>
          <input
            id={`new-routine-${kind}-file`}
            type="file"
            accept={copy.accept}
            onChange={loadFile}
            data-testid={`new-routine-${kind}-file`}
            className="block text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground hover:file:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
          />
          {fileError ? (
            <p className="text-xs font-medium text-danger" role="alert">
              {fileError}
            </p>
          ) : null}
        </div>
        <Button type="submit" pending={pending} data-testid={`new-routine-submit-${kind}`}>
          {copy.submit}
        </Button>
      </div>
    </form>
  );
}
