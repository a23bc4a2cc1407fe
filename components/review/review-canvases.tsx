"use client";

import type { Viewport } from "@xyflow/react";
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { browserTextScale } from "@/components/canvas";
import { Columns2, Rows2 } from "lucide-react";
import { Badge, Button, cn } from "@/components/ui";
import { nodesBounds, openingViewport, outgoingEdgeIds, routineToFlow } from "@/lib/graph";
import { unionBounds, type ReviewDiff } from "@/lib/review-rules";
import type { Routine } from "@/lib/routine";
import { DiffLegend } from "./diff-legend";
import { ReviewCanvas } from "./review-canvas";
import { canvasData } from "./review-canvas-context";

type Props = {
  base: { routine: Routine; caption: string } | null;
  proposed: { routine: Routine; caption: string };
  diff: ReviewDiff;
  commentCounts: Readonly<Record<string, number>>;
  selectedStepId: string | null;
  onSelect: (stepId: string | null) => void;
};

const NO_COMMENTS: Record<string, number> = {};

type Layout = "columns" | "rows";

/**
 * Base and proposed version side by side (or one above the other), on one shared viewport: panning or zooming
 * either moves both, so a step that kept its place sits at the same spot on each. They open fitted to the two
 * versions together; a wide routine (most are laid out left to right) opens stacked, so each canvas has the
 * window's width.
 */
export function ReviewCanvases({ base, proposed, diff, commentCounts, selectedStepId, onSelect }: Props) {
  const baseFlow = useMemo(() => (base ? routineToFlow(base.routine) : null), [base]);
  const proposedFlow = useMemo(() => routineToFlow(proposed.routine), [proposed]);
  const baseData = useMemo(
    () => base && canvasData(base.routine, diff.base, NO_COMMENTS, outgoingEdgeIds(base.routine)),
    [base, diff],
  );
  const proposedData = useMemo(
    () => canvasData(proposed.routine, diff.proposed, commentCounts, outgoingEdgeIds(proposed.routine)),
    [proposed, diff, commentCounts],
  );
  const bounds = useMemo(
    () => unionBounds(baseFlow && nodesBounds(baseFlow.nodes), nodesBounds(proposedFlow.nodes)),
    [baseFlow, proposedFlow],
  );
  const [layout, setLayout] = useState<Layout>(() => (bounds && bounds.width > bounds.height * 2 ? "rows" : "columns"));
  const frame = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);

  useLayoutEffect(() => {
    const box = frame.current?.getBoundingClientRect();
    const first = proposedFlow.nodes.find((node) => node.parentId === undefined && node.type !== "stage");
    // Measured before the paint, so both canvases are drawn once, at the opening viewport (both versions fitted
    // when they fit legibly, else legible on the first steps), and again when the panes change shape; otherwise
    // the viewport is the reviewer's.
    setViewport(
      box && box.width > 0 && bounds
        ? openingViewport(bounds, box, {
            start: first?.position,
            startHeight: first?.height,
            textScale: browserTextScale(),
            stepCount: proposedFlow.nodes.length,
          })
        : { x: 0, y: 0, zoom: 1 },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout]);

  const stacked = layout === "rows";
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-border bg-surface px-3 py-1">
        <DiffLegend counts={diff.counts} />
        <Button
          variant="ghost"
          size="sm"
          disabled={!base}
          onClick={() => setLayout(stacked ? "columns" : "rows")}
          aria-label={stacked ? "Show the versions side by side" : "Show the versions one above the other"}
          title={stacked ? "Side by side" : "One above the other"}
          data-testid="review-layout-toggle"
          data-layout={layout}
        >
          {stacked ? (
            <Columns2 className="size-4" aria-hidden="true" />
          ) : (
            <Rows2 className="size-4" aria-hidden="true" />
          )}
          <span className="text-xs">{stacked ? "Side by side" : "Stacked"}</span>
        </Button>
      </div>
      {base ? null : (
        <p className="border-b border-border bg-surface px-3 py-1.5 text-xs text-muted" data-testid="review-no-base">
          This is the routine&apos;s first version: there is nothing to compare it with, so every step shows as added.
        </p>
      )}
      {/* A first version has nothing to compare with: its canvas gets the whole room. */}
      <div
        className={cn(
          "grid min-h-0 flex-1",
          !base ? "grid-cols-1" : stacked ? "grid-rows-2 divide-y" : "grid-cols-2 divide-x",
          "divide-border",
        )}
      >
        {base && baseFlow && baseData ? (
          <Pane caption={base.caption} tone="neutral" testId="review-base-pane">
            <div ref={frame} className="h-full">
              {viewport ? (
                <ReviewCanvas
                  flow={baseFlow}
                  data={baseData}
                  selectedStepId={selectedStepId}
                  onSelect={onSelect}
                  viewport={viewport}
                  onViewportChange={setViewport}
                  testId="review-canvas-base"
                  label={`Base: ${base.caption}`}
                />
              ) : null}
            </div>
          </Pane>
        ) : null}
        <Pane caption={proposed.caption} tone="accent" testId="review-proposed-pane">
          <div ref={base ? undefined : frame} className="h-full">
            {viewport ? (
              <ReviewCanvas
                flow={proposedFlow}
                data={proposedData}
                selectedStepId={selectedStepId}
                onSelect={onSelect}
                viewport={viewport}
                onViewportChange={setViewport}
                testId="review-canvas-proposed"
                label={`Proposed: ${proposed.caption}`}
              />
            ) : null}
          </div>
        </Pane>
      </div>
    </div>
  );
}

function Pane({
  caption,
  tone,
  testId,
  children,
}: {
  caption: string;
  tone: "neutral" | "accent";
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="relative min-h-0 min-w-0" data-testid={testId} aria-label={caption}>
      <div className="pointer-events-none absolute left-3 top-3 z-10">
        <Badge tone={tone} className="shadow-sm">
          {caption}
        </Badge>
      </div>
      {children}
    </section>
  );
}
