"use client";

import { CopyButton } from "./copy-button";

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
      <CopyButton value={value} label={label} testId={copyTestId} />
    </div>
  );
}
