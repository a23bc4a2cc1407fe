"use client";

import { Alert, Button } from "@/components/ui";

/** When the Cases tab fails to render: say so, keep the tabs above usable, offer a retry. */
export default function CasesError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="space-y-4" data-testid="cases-error">
      <Alert tone="error" title="The test cases could not be shown">
        Something went wrong on our side. No case was changed.
        {error.digest ? ` (Reference ${error.digest})` : null}
      </Alert>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
