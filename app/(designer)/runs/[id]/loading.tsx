import { Skeleton } from "@/components/ui";

/** The run view's frame while the run loads: header bar, canvas and side panel. */
export default function RunLoading() {
  return (
    <div className="flex h-full flex-col" data-testid="run-loading" aria-busy="true" aria-label="Loading the run">
      <div className="flex h-12 items-center gap-3 border-b border-border px-3">
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <div className="grid min-h-0 flex-1 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="p-8">
          <Skeleton className="h-full min-h-64 w-full rounded-xl" />
        </div>
        <div className="hidden space-y-3 border-l border-border p-4 lg:block">
          <Skeleton className="h-9 w-full" />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      </div>
    </div>
  );
}
