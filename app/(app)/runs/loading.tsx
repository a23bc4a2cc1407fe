import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

export default function RunsLoading() {
  return (
    <div aria-busy="true" aria-label="Loading runs" data-testid="runs-loading">
      <PageHeaderSkeleton />
      <div className="mb-4 flex gap-3">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-10 w-36" />
        <Skeleton className="h-10 w-40" />
      </div>
      <div className="space-y-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    </div>
  );
}
