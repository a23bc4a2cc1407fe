"use client";

import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "./button";

type CopyFieldProps = {
  value: string;
  /** The field's accessible name, e.g. "Invitation link". */
  label: string;
  /** data-testid of the field. */
  testId: string;
  /** data-testid of the copy button. */
  copyTestId?: string;
};

/**
 * A read-only value with a copy button, for secrets and links shown only once (API tokens, invitation links).
 * Focusing the field selects it, so it can be copied by hand where the clipboard is not available.
 */
export function CopyField({ value, label, testId, copyTestId }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-2 flex items-center gap-2">
      <input
        readOnly
        value={value}
        aria-label={label}
        data-testid={testId}
        onFocus={(event) => event.currentTarget.select()}
        className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 font-mono text-xs text-foreground"
      />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        data-testid={copyTestId}
        onClick={async () => {
          await navigator.clipboard?.writeText(value).catch(() => undefined);
          setCopied(true);
        }}
      >
        {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        {copied ? "Copied" : "Copy"}
      </Button>
    </div>
  );
}
