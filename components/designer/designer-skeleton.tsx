import { Skeleton } from "@/components/ui";

/** The designer's shape while its routine loads: title bar, toolbar, palette, canvas and side panel, same sizes. */
export function DesignerSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Opening the routine"
      className="flex h-full flex-col"
      data-testid="designer-loading"
    >
      <div className="flex h-12 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-5 w-12 rounded-full" />
      </div>
      <DesignerBodySkeleton />
    </div>
  );
}

/** Everything below the title bar: what shows while the page is there but the routine is still on its way. */
export function DesignerBodySkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Opening the routine"
      className="flex h-full min-h-0 flex-1 flex-col"
      data-testid="designer-body-loading"
    >
      <ToolbarSkeleton />
      <div className="flex min-h-0 flex-1">
        <div className="w-64 shrink-0 space-y-2 border-r border-border bg-surface p-3">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-7 w-full rounded-md" />
          ))}
        </div>
        <WorkspaceSkeleton />
      </div>
    </div>
  );
}

/** The toolbar's place while the routine loads. */
export function ToolbarSkeleton() {
  return (
    <div className="flex h-11 shrink-0 items-center gap-2 border-b border-border bg-surface px-3">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="size-7 rounded-md" />
      ))}
    </div>
  );
}

/** The canvas and details panel's place while the routine loads. */
export function WorkspaceSkeleton() {
  return (
    <>
      <div className="flex-1 bg-background" />
      <div className="w-96 shrink-0 space-y-3 border-l border-border bg-surface p-3">
        <Skeleton className="h-9 w-full rounded-lg" />
        <Skeleton className="h-24 w-full rounded-lg" />
        <Skeleton className="h-24 w-full rounded-lg" />
      </div>
    </>
  );
}
