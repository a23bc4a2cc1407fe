"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui";

/** The routine's evaluation tabs as links: Cases and Suites (a suite's results page belongs to Suites). */
export function EvaluationTabs({ routineId }: { routineId: string }) {
  const pathname = usePathname();
  const base = `/evaluations/${routineId}`;
  const tabs = [
    { id: "cases", label: "Cases", href: base, active: pathname === base },
    { id: "suites", label: "Suites", href: `${base}/suites`, active: pathname.startsWith(`${base}/suites`) },
  ];
  return (
    <nav aria-label="Evaluation of this routine" className="mb-6 flex gap-1 rounded-lg bg-surface-muted p-1 sm:w-fit">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          href={tab.href}
          aria-current={tab.active ? "page" : undefined}
          data-testid={`evaluation-tab-${tab.id}`}
          className={cn(
            "flex-1 rounded-md px-4 py-1.5 text-center text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
            tab.active ? "bg-surface text-foreground shadow-sm" : "text-muted hover:text-foreground",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
