import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

/** The Integrations page's shape while it loads: the endpoint, the client configuration and the routines table. */
export default function Loading() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading the integrations"
      className="space-y-6"
      data-testid="integrations-loading"
    >
      <PageHeaderSkeleton />
      <div className="space-y-3 rounded-xl border border-border bg-surface p-5">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-8" />
      </div>
      <div className="space-y-3 rounded-xl border border-border bg-surface p-5">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-32" />
      </div>
      <div className="space-y-3 rounded-xl border border-border bg-surface p-5">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    </div>
  );
}
