"use client";

import { useState, useTransition } from "react";
import { Alert, Button } from "@/components/ui";
import { formatBytes } from "@/lib/stores/run-view";
import type { RunActions } from "../run-actions-types";
import { JsonView } from "./json-view";

/**
 * A variable-memory key (a long tool output kept aside) with its preview, and a button that loads the whole value
 * through the readRunVariable action on demand: large values are not sent with every event.
 */
export function VariableViewer({
  runId,
  variableKey,
  preview,
  bytes,
  readVariable,
}: {
  runId: string;
  variableKey: string;
  preview?: string | null;
  bytes?: number;
  readVariable: RunActions["readVariable"];
}) {
  const [loaded, setLoaded] = useState<{ value: string; bytes: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const load = () =>
    startTransition(async () => {
      const result = await readVariable(runId, variableKey);
      if (result.ok) {
        setLoaded({ value: result.value, bytes: result.bytes });
        setError(null);
      } else setError(result.message);
    });
  return (
    <div className="space-y-2" data-testid={`variable-${variableKey}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-foreground">{variableKey}</code>
        {bytes !== undefined ? <span className="text-muted">{formatBytes(bytes)}</span> : null}
        {loaded ? null : (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            pending={pending}
            onClick={load}
            data-testid={`variable-${variableKey}-load`}
          >
            Show the whole value
          </Button>
        )}
      </div>
      {loaded ? (
        <JsonView value={loaded.value} testId={`variable-${variableKey}-value`} />
      ) : preview ? (
        <JsonView value={preview} testId={`variable-${variableKey}-preview`} />
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
