"use client";

import { Handle, Position } from "@xyflow/react";
import { stepHandles } from "@/lib/graph";
import type { Step } from "@/lib/routine";

const HIDDEN_HANDLE = "!size-2 !min-w-0 !min-h-0 !border-0 !bg-transparent";

/** Invisible anchors where lib/graph says the handles are, so edges meet a read-only node without anything to drag. */
export function HandleAnchors({ step, outgoing }: { step: Step; outgoing: readonly string[] }) {
  return stepHandles(step, outgoing).map((handle) => (
    <Handle
      key={handle.id ?? handle.type}
      id={handle.id ?? undefined}
      type={handle.type}
      position={handle.position === "left" ? Position.Left : Position.Right}
      isConnectable={false}
      style={{ top: handle.y + (handle.height ?? 0) / 2 }}
      className={HIDDEN_HANDLE}
    />
  ));
}

/** A stage as every canvas draws it: a labelled, dashed frame around its steps. */
export function StageFrame({
  name,
  width,
  height,
  testId,
}: {
  name: string;
  width?: number;
  height?: number;
  testId?: string;
}) {
  return (
    <div
      style={{ width, height }}
      className="rounded-2xl border border-dashed border-border bg-surface-muted/40"
      data-testid={testId}
    >
      <p className="px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted">{name}</p>
    </div>
  );
}
