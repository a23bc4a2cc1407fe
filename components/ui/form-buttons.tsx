import type { ReactNode } from "react";
import { Button } from "./button";

/** A form's closing row: Cancel, then the submit button (spinning while the form is sent). */
export function FormButtons({
  onCancel,
  pending,
  submitTestId,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  submitTestId?: string;
  /** The submit button's label. */
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" pending={pending} data-testid={submitTestId}>
        {children}
      </Button>
    </div>
  );
}
