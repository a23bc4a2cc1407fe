import { z } from "zod";

/**
 * The room a person gave the canvas pages, remembered across visits in one cookie so the server renders the frame
 * as it was left (no jump when the page hydrates): whether the navigation shows as icons, and each side panel's
 * width and whether it is open. Anything unreadable in the cookie falls back to the defaults.
 */
export const LAYOUT_COOKIE = "rs-canvas-layout";

const panelSchema = z.object({ open: z.boolean(), width: z.number().int().min(120).max(1200) });
const layoutSchema = z.object({
  navIcons: z.boolean().optional(),
  panels: z.record(z.string().regex(/^[a-z-]{1,40}$/), panelSchema).optional(),
});

export type PanelLayout = z.infer<typeof panelSchema>;
export type CanvasLayout = { navIcons: boolean; panels: Record<string, PanelLayout> };

/** The canvas pages open with the navigation as icons: the canvas needs the room more than the labels do. */
export const DEFAULT_LAYOUT: CanvasLayout = { navIcons: true, panels: {} };

/** The layout a cookie value holds, or the defaults for anything missing or malformed. */
export function parseLayoutCookie(value: string | undefined): CanvasLayout {
  if (!value) return DEFAULT_LAYOUT;
  try {
    // Next hands cookie values over decoded; a raw header value is still percent-encoded.
    const text = value.startsWith("%") ? decodeURIComponent(value) : value;
    const parsed = layoutSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return DEFAULT_LAYOUT;
    return { navIcons: parsed.data.navIcons ?? DEFAULT_LAYOUT.navIcons, panels: parsed.data.panels ?? {} };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

/** The cookie line that stores `layout` for a year, for every page of the app. */
export function layoutCookieLine(layout: CanvasLayout): string {
  const value = encodeURIComponent(JSON.stringify(layout));
  return `${LAYOUT_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}
