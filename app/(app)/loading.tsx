import { PageHeaderSkeleton, Skeleton } from "@/components/ui";

export default function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading" className="space-y-6">
      <PageHeaderSkeleton />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}
