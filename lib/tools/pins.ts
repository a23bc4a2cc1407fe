import { toolAllowlist, type Routine } from "../routine";

/** "server/tool" → the content hash of the tool's schema that a routine version was saved against. */
export type ToolPins = Record<string, string>;

/** How a pinned tool differs from what its server serves now. */
export type ToolChange = {
  server: string;
  name: string;
  /** changed: the schema hash differs; removed: the server no longer lists the tool (or is gone). */
  change: "changed" | "removed";
  pinnedHash: string;
  currentHash: string | null;
};

export const toolKey = (ref: { server: string; name: string }) => `${ref.server}/${ref.name}`;

/**
 * The pins to store with a routine version. A tool the previous save already pinned keeps its old hash, so a
 * schema change stays flagged until someone accepts it (`acceptCurrent`), not merely until the next autosave;
 * a newly used tool is pinned to what is current; a tool no longer used is dropped. Tools unknown to the
 * catalog are not pinned (validation already reports them).
 */
export function pinToolHashes(
  routine: Routine,
  previous: ToolPins,
  current: ReadonlyMap<string, string>,
  options: { acceptCurrent?: boolean } = {},
): ToolPins {
  const pins: ToolPins = {};
  for (const ref of toolAllowlist(routine)) {
    const key = toolKey(ref);
    const old = options.acceptCurrent ? undefined : previous[key];
    const now = current.get(key);
    if (old) pins[key] = old;
    else if (now) pins[key] = now;
  }
  return pins;
}

/** The pinned tools whose current schema differs from the pin, sorted by key. */
export function toolChanges(pins: ToolPins, current: ReadonlyMap<string, string>): ToolChange[] {
  return Object.entries(pins)
    .sort(([a], [b]) => a.localeCompare(b, "en"))
    .flatMap(([key, pinnedHash]) => {
      const currentHash = current.get(key) ?? null;
      if (currentHash === pinnedHash) return [];
      const slash = key.indexOf("/");
      const change = currentHash === null ? "removed" : "changed";
      return [
        {
          server: key.slice(0, slash),
          name: key.slice(slash + 1),
          change,
          pinnedHash,
          currentHash,
        } satisfies ToolChange,
      ];
    });
}

/** Reads stored pins; anything malformed counts as no pins rather than failing the page that shows them. */
export function readToolPins(stored: string | null | undefined): ToolPins {
  try {
    const parsed: unknown = JSON.parse(stored ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}
