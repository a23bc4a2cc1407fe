"use client";

import { Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { EmptyState, Input } from "@/components/ui";
import { searchTools } from "@/lib/tools";
import { ToolCard } from "./tool-card";
import type { SideEffectsAction, ToolItem, TryPolicy, TryToolState } from "./tool-types";

type Props = {
  serverId: string;
  serverName: string;
  tools: ToolItem[];
  tryPolicy: TryPolicy;
  tryAction: (state: TryToolState, formData: FormData) => Promise<TryToolState>;
  canManage: boolean;
  sideEffectsAction: SideEffectsAction;
};

/** A server's tools with a search box (name and description, every word). */
export function ToolList({ serverId, serverName, tools, tryPolicy, tryAction, canManage, sideEffectsAction }: Props) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const matching = searchTools(
    tools.map((tool) => ({ ...tool, server: serverName, inputSchema: {} })),
    deferred,
  );
  const shown = matching.map((match) => tools.find((tool) => tool.name === match.name)!);
  return (
    <div className="space-y-3">
      <label className="relative block max-w-md">
        <span className="sr-only">Search tools</span>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={`Search ${tools.length} tools`}
          className="pl-9"
          data-testid="tool-search"
        />
      </label>
      {tools.length === 0 ? (
        <EmptyState icon={Search} title="No tools listed" testId="tools-none">
          Refresh the server once it is reachable; its tools will appear here.
        </EmptyState>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted" data-testid="tool-search-empty">
          No tool matches “{deferred}”.
        </p>
      ) : (
        <div className="space-y-2" data-testid="tool-list">
          {shown.map((tool) => (
            <ToolCard
              key={tool.name}
              serverId={serverId}
              tool={tool}
              tryPolicy={tryPolicy}
              tryAction={tryAction}
              canManage={canManage}
              sideEffectsAction={sideEffectsAction}
            />
          ))}
        </div>
      )}
    </div>
  );
}
