import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A native select in the house style (native keeps keyboard and screen-reader behaviour for free). */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "block h-9 w-full rounded-lg border border-border bg-surface px-2 text-sm text-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
      {...props}
    />
  );
}
