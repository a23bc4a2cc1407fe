import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

export default function Loading() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading the training data export"
      className="space-y-6"
      data-testid="export-loading"
    >
      <PageHeaderSkeleton />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  );
}
