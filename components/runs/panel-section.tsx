// A titled section of the run view's side panel, shared by the step, stage and run tabs.

/** A titled block of the side panel. */
export function PanelSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <section className="space-y-1.5" data-testid={testId}>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}
