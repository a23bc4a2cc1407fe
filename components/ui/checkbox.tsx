import type { ComponentProps, ReactNode } from "react";

type CheckboxProps = Omit<ComponentProps<"input">, "type"> & { label: ReactNode; description?: ReactNode };

export function Checkbox({ label, description, id, ...props }: CheckboxProps) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-surface-muted">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-[var(--accent)]" {...props} />
      <span className="text-sm">
        <span className="font-medium text-foreground">{label}</span>
        {description ? <span className="block text-xs text-muted">{description}</span> : null}
      </span>
    </label>
  );
}
