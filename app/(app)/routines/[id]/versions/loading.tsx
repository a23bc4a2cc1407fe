import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

/** The version history's shape while it loads. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading the versions" className="space-y-6" data-testid="versions-loading">
      <Skeleton className="h-4 w-32" />
      <PageHeaderSkeleton />
      <div className="space-y-px overflow-hidden rounded-xl border border-border">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex items-center gap-4 bg-surface px-4 py-4">
            <Skeleton className="h-4 w-10" />
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="ml-auto h-8 w-40 rounded-lg" />
          </div>
        ))}
      </div>
    </div>
  );
}
