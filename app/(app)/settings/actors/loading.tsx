import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

/** The toolkits and actors page's shape while it loads: two cards of rows. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading toolkits and actors" className="space-y-6" data-testid="actors-loading">
      <PageHeaderSkeleton />
      {[0, 1].map((card) => (
        <div key={card} className="space-y-3 rounded-xl border border-border bg-surface p-5">
          <Skeleton className="h-5 w-1/4" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ))}
    </div>
  );
}
