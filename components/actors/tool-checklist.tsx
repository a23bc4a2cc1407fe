"use client";

import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Input } from "@/components/ui";
import { toolKeyOf, type CatalogToolView, type ToolRefView } from "./actor-types";

type Props = {
  catalog: CatalogToolView[];
  selected: ToolRefView[];
  onChange: (tools: ToolRefView[]) => void;
  /** The field's error, shown under the list and announced with it. */
  errorId?: string;
};

/**
 * The catalog's tools grouped by server, each a checkbox, with a search over names and descriptions. Selected tools
 * the catalog no longer lists (a disabled server) stay listed under "Not in the catalog" so they can be removed.
 */
export function ToolChecklist({ catalog, selected, onChange, errorId }: Props) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const chosen = useMemo(() => new Set(selected.map(toolKeyOf)), [selected]);
  const groups = useMemo(() => {
    const known = new Set(catalog.map(toolKeyOf));
    const missing = selected
      .filter((tool) => !known.has(toolKeyOf(tool)))
      .map((tool) => ({ ...tool, description: "", group: "Not in the catalog" }));
    const words = query.trim().toLowerCase();
    const byGroup = new Map<string, CatalogToolView[]>();
    for (const tool of [...catalog.map((tool) => ({ ...tool, group: tool.server })), ...missing]) {
      if (words && !`${tool.server} ${tool.name} ${tool.description}`.toLowerCase().includes(words)) continue;
      byGroup.set(tool.group, [...(byGroup.get(tool.group) ?? []), tool]);
    }
    return [...byGroup.entries()];
  }, [catalog, selected, query]);

  const toggle = (tool: ToolRefView, on: boolean) =>
    onChange(
      on
        ? [...selected, { server: tool.server, name: tool.name }]
        : selected.filter((other) => toolKeyOf(other) !== toolKeyOf(tool)),
    );

  return (
    <div className="space-y-2" aria-describedby={errorId}>
      <div className="relative">
        <Search className="absolute top-3 left-3 size-4 text-muted" aria-hidden="true" />
        <label htmlFor={searchId} className="sr-only">
          Search tools
        </label>
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search tools by name or description"
          className="pl-9"
          data-testid="toolkit-tool-search"
        />
      </div>
      <p className="text-xs text-muted" aria-live="polite">
        {selected.length} of {catalog.length} tools chosen
      </p>
      <div className="max-h-72 space-y-3 overflow-y-auto rounded-lg border border-border p-2">
        {groups.length === 0 ? (
          <p className="p-2 text-sm text-muted">
            {catalog.length === 0 ? "The tool catalog is empty: register a tool server first." : "No tool matches."}
          </p>
        ) : (
          groups.map(([group, tools]) => (
            <fieldset key={group}>
              <legend className="px-2 text-xs font-semibold tracking-wide text-muted uppercase">{group}</legend>
              {tools.map((tool) => (
                <label
                  key={toolKeyOf(tool)}
                  className="flex cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-surface-muted"
                >
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-[var(--accent)]"
                    checked={chosen.has(toolKeyOf(tool))}
                    onChange={(event) => toggle(tool, event.target.checked)}
                    data-testid={`toolkit-tool-${tool.server}-${tool.name}`}
                  />
                  <span className="text-sm">
                    <span className="font-mono text-foreground">{tool.name}</span>
                    {tool.description ? <span className="block text-xs text-muted">{tool.description}</span> : null}
                  </span>
                </label>
              ))}
            </fieldset>
          ))
        )}
      </div>
    </div>
  );
}
