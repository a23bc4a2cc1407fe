"use client";

import { Alert, Button } from "@/components/ui";

export default function ExportError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="space-y-4" data-testid="export-page-error">
      <Alert tone="error" title="The training data export could not be shown">
        Something went wrong on our side; no file was written.
        {error.digest ? ` (Reference ${error.digest})` : null}
      </Alert>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
