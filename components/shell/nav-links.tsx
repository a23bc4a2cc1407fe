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

export type NavItem = { id: SectionId; label: string; href: string };

export function NavLinks({
  items,
  orientation,
  prefetch,
  iconsOnly = false,
}: {
  items: NavItem[];
  orientation: "vertical" | "horizontal";
  prefetch?: false;
  /** Icons only, the label as the link's name and tooltip (the collapsed navigation of the canvas pages). */
  iconsOnly?: boolean;
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
              aria-label={iconsOnly ? label : undefined}
              title={iconsOnly ? label : undefined}
              className={cn(
                "flex items-center gap-2.5 rounded-lg py-2 text-sm font-medium whitespace-nowrap",
                iconsOnly ? "justify-center px-0" : "px-3",
                active ? "bg-accent-soft text-accent" : "text-muted hover:bg-surface-muted hover:text-foreground",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {iconsOnly ? null : label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
