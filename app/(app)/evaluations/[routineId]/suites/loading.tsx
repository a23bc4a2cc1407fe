import { Skeleton } from "@/components/ui";

export default function SuitesLoading() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading the suites">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
