import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

const inputClasses =
  "block w-full rounded-lg border border-border bg-surface px-3 h-10 text-sm text-foreground placeholder:text-muted shadow-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-danger";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

const textareaClasses =
  "block w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted shadow-sm focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-danger";

/** A multi-line text box; `mono` for code and structured text such as JSON. */
export function Textarea({ className, mono, ...props }: ComponentProps<"textarea"> & { mono?: boolean }) {
  return (
    <textarea className={cn(textareaClasses, mono && "font-mono text-xs leading-relaxed", className)} {...props} />
  );
}

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
};

/** A labelled control with its hint and errors wired up for screen readers. */
export function Field({ id, label, hint, errors, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      {children({ id, "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="text-xs font-medium text-danger" data-testid={`${id}-error`}>
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
