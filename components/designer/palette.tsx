"use client";

import { Search } from "lucide-react";
import { useMemo, useState, type DragEvent } from "react";
import { Input } from "@/components/ui";
import { groupByServer, searchTools } from "@/lib/tools";
import { STEP_KIND_LOOKS } from "@/components/step-kinds";
import { DRAG_MIME, type DragPayload } from "./drag-payload";
import { hasCapability, STEP_KINDS, type ToolDefinition } from "@/lib/routine";

// A step that calls a tool is added by dragging the tool from the catalog below, not its kind.
const PALETTE_KINDS = STEP_KINDS.filter((kind) => !hasCapability(kind, "callsTool"));

function startDrag(event: DragEvent, payload: DragPayload) {
  event.dataTransfer.setData(DRAG_MIME, JSON.stringify(payload));
  event.dataTransfer.effectAllowed = "copy";
}

/** Step kinds and the catalog's tools, grouped by server and searchable; drag any onto the canvas. */
export function Palette({ tools, canEdit }: { tools: ToolDefinition[]; canEdit: boolean }) {
  const [query, setQuery] = useState("");
  const groups = useMemo(() => groupByServer(searchTools(tools, query)), [tools, query]);
  return (
    <aside
      className="flex h-full min-w-0 flex-1 flex-col border-r border-border bg-surface"
      aria-label="Palette"
      data-testid="palette"
    >
      <section className="border-b border-border p-3">
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Steps</h2>
        <ul className="grid grid-cols-2 gap-1.5">
          {PALETTE_KINDS.map((kind) => {
            const { label, icon: Icon, hint, accent } = STEP_KIND_LOOKS[kind];
            return (
              <li key={kind}>
                <div
                  draggable={canEdit}
                  onDragStart={(event) => startDrag(event, { kind })}
                  title={hint}
                  data-testid={`palette-kind-${kind}`}
                  className="flex cursor-grab items-center gap-2 rounded-lg border border-border px-2 py-1.5 text-xs font-medium text-foreground hover:bg-surface-muted"
                >
                  <Icon className={`size-3.5 ${accent}`} aria-hidden="true" />
                  {label}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="flex min-h-0 flex-1 flex-col p-3">
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Tools</h2>
        <div className="relative mb-2">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted" aria-hidden="true" />
          <Input
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search tools"
            aria-label="Search tools"
            className="h-9 pl-8"
            data-testid="palette-search"
          />
        </div>
        {/* Focusable so the keyboard can scroll the list: its entries are dragged with the mouse (WCAG 2.1.1). */}
        <div
          className="min-h-0 flex-1 space-y-3 overflow-y-auto"
          tabIndex={0}
          role="region"
          aria-label="Tools to add"
          data-testid="palette-tool-list"
        >
          {groups.length === 0 ? <p className="text-xs text-muted">No tool matches “{query}”.</p> : null}
          {groups.map((group) => (
            <div key={group.server}>
              <p className="mb-1 text-xs font-medium text-muted">{group.server}</p>
              <ul className="space-y-1">
                {group.tools.map((tool) => (
                  <li key={tool.name}>
                    <div
                      draggable={canEdit}
                      onDragStart={(event) =>
                        startDrag(event, { kind: "tool", tool: { server: tool.server, name: tool.name } })
                      }
                      title={tool.description}
                      data-testid={`palette-tool-${tool.name}`}
                      className="cursor-grab rounded-md px-2 py-1 font-mono text-xs text-foreground hover:bg-surface-muted"
                    >
                      {tool.name}
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </aside>
  );
}
