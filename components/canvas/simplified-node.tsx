import type { ReactNode } from "react";
import { cn } from "@/components/ui";
import { LEGIBILITY, type Size } from "@/lib/graph";

/**
 * A step drawn simplified, for a routine too large to fit the canvas legibly when zoomed out (see
 * lib/graph/legibility.ts): its name in one line at twice the size, and its colour (kind, diff status or run state
 * through `className`), in a plain box of the node's size. No icon, badges or second line: a thousand of these must
 * mount and pan cheaply.
 */
export function SimplifiedNode({
  name,
  size,
  className,
  title,
  nameTestId,
  children,
  ...data
}: {
  name: string;
  size: Size;
  className: string;
  title: string;
  nameTestId: string;
  children?: ReactNode;
  [attribute: `data-${string}`]: string | boolean | undefined;
}) {
  return (
    <div
      {...data}
      title={title}
      style={size}
      className={cn("flex items-center rounded-xl border-2 px-3 font-semibold text-foreground", className)}
    >
      {children}
      <span
        className="block min-w-0 truncate leading-tight"
        style={{ fontSize: `${LEGIBILITY.simplifiedNamePx / 16}rem` }}
        data-testid={nameTestId}
      >
        {name}
      </span>
    </div>
  );
}
