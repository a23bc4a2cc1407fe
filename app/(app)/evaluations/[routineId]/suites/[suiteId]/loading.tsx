import { Skeleton } from "@/components/ui";

export default function SuiteResultsLoading() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading the suite's results">
      <Skeleton className="h-10 w-1/3" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
