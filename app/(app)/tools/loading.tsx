import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

/** The Tools pages' shape while they load: a header and a few server cards. */
export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading tool servers" className="space-y-6" data-testid="tools-loading">
      <PageHeaderSkeleton action />
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="space-y-3 rounded-xl border border-border bg-surface p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="ml-auto h-8 w-48 rounded-lg" />
          </div>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}
