import { Skeleton } from "@/components/ui";

/** The Cases tab's shape while it loads: its heading and actions, then a few rows. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading test cases" className="space-y-4" data-testid="cases-loading">
      <div className="flex items-center justify-between gap-3">
        <div className="space-y-2">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
        <Skeleton className="h-10 w-64 rounded-lg" />
      </div>
      <div className="space-y-px overflow-hidden rounded-xl border border-border">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="flex items-center gap-4 bg-surface px-4 py-4">
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-8" />
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="ml-auto h-8 w-24 rounded-lg" />
          </div>
        ))}
      </div>
    </div>
  );
}
