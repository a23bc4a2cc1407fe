"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { cn } from "./cn";

type Props = {
  /** Which edge of the window the panel stands against; its handle is on the other side. */
  side: "left" | "right";
  /** What the panel is, for the handle and the buttons ("the palette"). */
  label: string;
  open: boolean;
  width: number;
  minWidth: number;
  maxWidth: number;
  onChange: (panel: { open: boolean; width: number }) => void;
  testId: string;
  className?: string;
  children: ReactNode;
};

const KEY_STEP = 16;

/**
 * A side panel beside a canvas that can be resized (drag its edge, or focus the edge and use the arrow keys, Home
 * and End) and collapsed to a narrow rail with a button to bring it back, so the canvas gets the room. The caller
 * owns the state (remembered per panel, see components/shell/canvas-layout.tsx).
 */
export function ResizablePanel({
  side,
  label,
  open,
  width,
  minWidth,
  maxWidth,
  onChange,
  testId,
  className,
  children,
}: Props) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const clamp = (value: number) => Math.round(Math.min(maxWidth, Math.max(minWidth, value)));
  // Dragging the handle towards the canvas widens the panel.
  const grow = (dx: number) => (side === "left" ? dx : -dx);

  if (!open) {
    const Icon = side === "left" ? ChevronRight : ChevronLeft;
    return (
      <div
        className={cn(
          "flex w-9 shrink-0 flex-col items-center border-border bg-surface py-2",
          side === "left" ? "border-r" : "border-l",
          className,
        )}
        data-testid={testId}
        data-open="false"
      >
        <button
          type="button"
          onClick={() => onChange({ open: true, width })}
          className="flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-foreground"
          aria-label={`Show ${label}`}
          title={`Show ${label}`}
          data-testid={`${testId}-expand`}
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      </div>
    );
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = clamp(drag.current.width + grow(event.clientX - drag.current.x));
    if (next !== width) onChange({ open: true, width: next });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowLeft: width + grow(-KEY_STEP),
      ArrowRight: width + grow(KEY_STEP),
      Home: minWidth,
      End: maxWidth,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    onChange({ open: true, width: clamp(keys[event.key]) });
  };
  const CollapseIcon = side === "left" ? ChevronLeft : ChevronRight;

  return (
    <div className={cn("relative flex shrink-0", className)} style={{ width }} data-testid={testId} data-open="true">
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${label}`}
        aria-valuenow={width}
        aria-valuemin={minWidth}
        aria-valuemax={maxWidth}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        className={cn(
          "absolute inset-y-0 z-20 w-2 cursor-col-resize touch-none outline-none",
          "after:absolute after:inset-y-0 after:left-1/2 after:w-px after:-translate-x-1/2 hover:after:bg-accent focus-visible:after:w-0.5 focus-visible:after:bg-accent",
          side === "left" ? "-right-1" : "-left-1",
        )}
        data-testid={`${testId}-resize`}
      />
      <button
        type="button"
        onClick={() => onChange({ open: false, width })}
        className={cn(
          "absolute top-1/2 z-30 flex size-6 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-surface text-muted shadow-sm hover:text-foreground",
          side === "left" ? "-right-3" : "-left-3",
        )}
        aria-label={`Hide ${label}`}
        title={`Hide ${label}`}
        data-testid={`${testId}-collapse`}
      >
        <CollapseIcon className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}
