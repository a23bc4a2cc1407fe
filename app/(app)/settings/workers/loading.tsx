import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

/** The workers page's shape while it loads: the header and a table of rows. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading run workers" className="space-y-6" data-testid="workers-loading">
      <PageHeaderSkeleton />
      <div className="space-y-3 rounded-xl border border-border bg-surface p-5">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    </div>
  );
}
