import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

/** The procedure memory page's shape while it loads: the request box, then the thresholds form. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading procedure memory" className="space-y-6" data-testid="memory-loading">
      <PageHeaderSkeleton />
      <div className="space-y-3 rounded-xl border border-border bg-surface p-5">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-20" />
        <Skeleton className="h-10 w-32 rounded-lg" />
      </div>
      <div className="space-y-4 rounded-xl border border-border bg-surface p-5">
        <div className="grid max-w-xl gap-4 sm:grid-cols-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
        <Skeleton className="h-10 w-36 rounded-lg" />
      </div>
    </div>
  );
}
