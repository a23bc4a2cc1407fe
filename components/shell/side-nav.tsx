"use client";

import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { cn } from "@/components/ui";
import { useCanvasLayout } from "./canvas-layout";
import { NavLinks, type NavItem } from "./nav-links";

/**
 * The main navigation down the left of wide screens. On the canvas pages (inside a CanvasLayoutProvider) it can
 * shrink to icons, remembered in the layout cookie, and does so by default: there the canvas needs the room.
 */
export function SideNav({ items, prefetch }: { items: NavItem[]; prefetch?: false }) {
  const layout = useCanvasLayout();
  const icons = layout?.layout.navIcons ?? false;
  const Toggle = icons ? PanelLeftOpen : PanelLeftClose;
  return (
    <nav
      aria-label="Main"
      className={cn(
        "hidden shrink-0 flex-col border-r border-border bg-surface py-5 md:flex",
        icons ? "w-14 px-2" : "w-56 px-3",
      )}
      data-testid="main-nav"
      data-icons={icons || undefined}
    >
      <NavLinks items={items} orientation="vertical" prefetch={prefetch} iconsOnly={icons} />
      {layout ? (
        <button
          type="button"
          onClick={() => layout.setNavIcons(!icons)}
          className={cn(
            "mt-auto flex items-center gap-2.5 rounded-lg py-2 text-sm text-muted hover:bg-surface-muted hover:text-foreground",
            icons ? "justify-center px-0" : "px-3",
          )}
          aria-label={icons ? "Show the navigation's labels" : "Show the navigation as icons"}
          title={icons ? "Expand the navigation" : "Collapse the navigation"}
          data-testid="main-nav-toggle"
        >
          <Toggle className="size-4" aria-hidden="true" />
          {icons ? null : <span>Collapse</span>}
        </button>
      ) : null}
    </nav>
  );
}
