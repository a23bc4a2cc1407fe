import { Skeleton } from "@/components/ui";

/** The review's shape while it loads: header, two canvases, the details panel. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Opening the review" className="flex h-full flex-col" data-testid="review-loading">
      <div className="flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="ml-auto h-8 w-28 rounded-lg" />
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-px bg-border">
          <div className="bg-background p-6">
            <Skeleton className="h-20 w-60 rounded-xl" />
          </div>
          <div className="bg-background p-6">
            <Skeleton className="h-20 w-60 rounded-xl" />
          </div>
        </div>
        <div className="w-[28rem] shrink-0 space-y-3 border-l border-border bg-surface p-4">
          <Skeleton className="h-9 w-full rounded-lg" />
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full rounded-lg" />
          ))}
        </div>
      </div>
    </div>
  );
}
