import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui";

type BackLinkProps = {
  href: string;
  /** Where it leads: "Routines", "Designer", "Runs". */
  label: string;
  testId?: string;
};

/** The link a canvas page's top bar opens with, back to the page it was reached from. */
export function BackLink({ href, label, testId }: BackLinkProps) {
  return (
    <Link
      href={href}
      prefetch={false}
      className="flex items-center gap-1 rounded-md px-1.5 py-1 text-sm text-muted hover:text-foreground"
      data-testid={testId}
    >
      <ChevronLeft className="size-4" aria-hidden="true" /> {label}
    </Link>
  );
}

type Props = {
  back: BackLinkProps;
  testId: string;
  /** The page's title and what it says of the routine or version, after the back link. */
  children: ReactNode;
  /** The buttons at the right end. */
  actions: ReactNode;
  actionsTestId?: string;
  /** The bar's height: the designer's is one line, the review's has a second line of provenance. */
  className?: string;
};

/** A canvas page's top bar (designer, review): back link, title and status, and the page's buttons on the right. */
export function CanvasPageHeader({ back, testId, children, actions, actionsTestId, className }: Props) {
  return (
    <header
      className={cn(
        "flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-border bg-surface px-3",
        className,
      )}
      data-testid={testId}
    >
      <BackLink {...back} />
      {children}
      <div className="ml-auto flex flex-wrap items-center gap-2" data-testid={actionsTestId}>
        {actions}
      </div>
    </header>
  );
}
