import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

/** The Models page's shape while it loads: the source line, the settings form and the calls table. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading the model settings" className="space-y-6" data-testid="models-loading">
      <PageHeaderSkeleton />
      <Skeleton className="h-5 w-2/3" />
      <div className="space-y-4 rounded-xl border border-border bg-surface p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
        <Skeleton className="h-10 w-20 rounded-lg" />
      </div>
      <Skeleton className="h-48 rounded-xl" />
    </div>
  );
}
