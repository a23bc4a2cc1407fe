"use client";

import { useState, useTransition } from "react";
import { Alert, Button, Dialog, Field, Input, Textarea } from "@/components/ui";
import type { CaseActions, ImportState } from "./case-types";

const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Import JSONL from a file or pasted lines. All or nothing: a bad line lists every error by line, nothing is kept. */
export function ImportDialog(props: {
  open: boolean;
  onClose: () => void;
  routineId: string;
  importJsonl: CaseActions["importJsonl"];
  onImported: (message: string) => void;
}) {
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [state, setState] = useState<ImportState>({ status: "idle" });
  const [pending, startTransition] = useTransition();

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setState({ status: "error", message: `${file.name} is larger than 5 MB; split it into smaller files.` });
      return;
    }
    setFileName(file.name);
    setText(await file.text());
    setState({ status: "idle" });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await props.importJsonl({ routineId: props.routineId, text });
      setState(result);
      if (result.status === "success") {
        setText("");
        setFileName(null);
        props.onImported(result.message);
        props.onClose();
      }
    });
  };

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title="Import test cases (JSONL)"
      description='One case per line: {"name", "request", "inputs", "expectedCalls", "expectedPath", "pinnedOutputs"}, as the export writes them.'
      testId="import-dialog"
    >
      <form onSubmit={submit} className="space-y-4">
        <Field
          id="import-file"
          label="File"
          hint={fileName ? `Read ${fileName}; its lines are below.` : "A .jsonl file of at most 5 MB."}
        >
          {(aria) => (
            <Input
              {...aria}
              type="file"
              accept=".jsonl,.json,.txt,application/jsonl,application/x-ndjson,text/plain"
              onChange={(event) => void readFile(event.target.files?.[0])}
              className="h-auto py-2"
              data-testid="import-file"
            />
          )}
        </Field>
        <Field id="import-text" label="Or paste the lines">
          {(aria) => (
            <Textarea
              {...aria}
              mono
              rows={8}
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="import-text"
            />
          )}
        </Field>
        {state.status === "error" ? (
          <div data-testid="import-errors" className="space-y-2">
            <Alert tone="error" title={state.message} />
            {state.lines && state.lines.length > 0 ? (
              <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-border p-3 font-mono text-xs">
                {state.lines.map((error, index) => (
                  <li key={index} data-testid="import-error" data-line={error.line}>
                    <span className="font-semibold">Line {error.line}:</span> {error.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div className="flex justify-end gap-2 border-t border-border pt-4">
          <Button type="button" variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={pending} disabled={text.trim() === ""} data-testid="import-submit">
            Import
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
