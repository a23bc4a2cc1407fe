"use client";

import { Alert, Button } from "@/components/ui";

export default function SectionError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="space-y-4" data-testid="page-error">
      <Alert tone="error" title="This page could not be shown">
        Something went wrong on our side. Nothing you saved was lost.
        {error.digest ? ` (Reference ${error.digest})` : null}
      </Alert>
      <Button variant="secondary" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
