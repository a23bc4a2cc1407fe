import { cookies } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { sectionsFor } from "@/lib/access";
import type { Viewer } from "@/lib/db/users";
import { Brand } from "./brand";
import { CanvasLayoutProvider } from "./canvas-layout";
import { LAYOUT_COOKIE, parseLayoutCookie } from "./layout-cookie";
import { NavLinks } from "./nav-links";
import { SideNav } from "./side-nav";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

/**
 * The signed-in frame: top bar with the user and their roles, navigation filtered by role, the page. The full-bleed
 * pages (designer, review, run) also get the remembered canvas layout: navigation as icons, side panel widths.
 */
export async function AppShell({
  viewer,
  signOutAction,
  fullBleed = false,
  children,
}: {
  viewer: Viewer;
  signOutAction: () => Promise<void>;
  fullBleed?: boolean;
  children: ReactNode;
}) {
  const items = sectionsFor(viewer.roles).map(({ id, label, href }) => ({ id, label, href }));
  // The full-bleed pages are the heavy editors: prefetching every section as soon as the shell hydrates would make
  // the server render five pages while the canvas is opening. There, links load when followed.
  const prefetch = fullBleed ? false : undefined;
  const frame = (
    <div className={fullBleed ? "flex h-dvh flex-col overflow-hidden" : "flex min-h-dvh flex-col"}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
        <div className="flex h-14 items-center gap-3 px-3 sm:px-4 md:px-6">
          <Link href="/" prefetch={prefetch} className="rounded-lg" aria-label="Routine Studio home">
            <Brand />
          </Link>
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <ThemeToggle />
            <UserMenu viewer={viewer} signOutAction={signOutAction} />
          </div>
        </div>
        <nav aria-label="Main" className="border-t border-border px-2 md:hidden" data-testid="main-nav-mobile">
          <NavLinks items={items} orientation="horizontal" prefetch={prefetch} />
        </nav>
      </header>
      <div className="flex min-h-0 flex-1">
        <SideNav items={items} prefetch={prefetch} />
        {fullBleed ? (
          <main id="main" className="min-h-0 min-w-0 flex-1">
            {children}
          </main>
        ) : (
          <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
            <div className="mx-auto max-w-6xl">{children}</div>
          </main>
        )}
      </div>
    </div>
  );
  if (!fullBleed) return frame;
  const layout = parseLayoutCookie((await cookies()).get(LAYOUT_COOKIE)?.value);
  return <CanvasLayoutProvider initial={layout}>{frame}</CanvasLayoutProvider>;
}
