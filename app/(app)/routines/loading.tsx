import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

/** The library's shape while it loads: header, search bar, a few rows. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading routines" className="space-y-6" data-testid="routines-loading">
      <PageHeaderSkeleton action />
      <div className="flex justify-between gap-3">
        <Skeleton className="h-10 w-full max-w-md rounded-lg" />
        <Skeleton className="h-10 w-36 rounded-lg" />
      </div>
      <div className="space-y-px overflow-hidden rounded-xl border border-border">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="flex items-center gap-4 bg-surface px-4 py-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="ml-auto h-8 w-40 rounded-lg" />
          </div>
        ))}
      </div>
    </div>
  );
}
