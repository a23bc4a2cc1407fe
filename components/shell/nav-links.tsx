"use client";

import { FlaskConical, ListChecks, PlayCircle, Settings, Wrench, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui";
import type { SectionId } from "@/lib/access";

const ICONS: Record<SectionId, LucideIcon> = {
  routines: ListChecks,
  runs: PlayCircle,
  tools: Wrench,
  evaluations: FlaskConical,
  settings: Settings,
};

type Item = { id: SectionId; label: string; href: string };

export function NavLinks({
  items,
  orientation,
  prefetch,
}: {
  items: Item[];
  orientation: "vertical" | "horizontal";
  prefetch?: false;
}) {
  const pathname = usePathname();
  return (
    <ul className={cn(orientation === "vertical" ? "space-y-1" : "flex gap-1 overflow-x-auto py-1.5")}>
      {items.map(({ id, label, href }) => {
        const active = pathname === href || pathname.startsWith(`${href}/`);
        const Icon = ICONS[id];
        return (
          <li key={id}>
            <Link
              href={href}
              prefetch={prefetch}
              aria-current={active ? "page" : undefined}
              data-testid={`nav-${id}`}
              className={cn(
                "flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap",
                active ? "bg-accent-soft text-accent" : "text-muted hover:bg-surface-muted hover:text-foreground",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
