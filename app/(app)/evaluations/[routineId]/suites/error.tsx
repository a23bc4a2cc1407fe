"use client";

import { Alert, Button } from "@/components/ui";

export default function SuitesError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="space-y-3">
      <Alert tone="error" title="This part of the evaluations could not be shown" testId="suites-page-error">
        Something went wrong on our side. Try again; if it keeps failing, reload the page.
      </Alert>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
