/** A thin bar filled to `done` of `total` (read out by the count beside it, so hidden from assistive technology). */
export function ProgressBar({ done, total }: { done: number; total: number }) {
  return (
    <div className="h-1.5 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
      <div
        className="h-full rounded-full bg-success transition-[width]"
        style={{ width: `${total ? (done / total) * 100 : 0}%` }}
      />
    </div>
  );
}
