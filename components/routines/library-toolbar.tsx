import { Archive, Search } from "lucide-react";
import Form from "next/form";
import Link from "next/link";
import { Button, cn, Input } from "@/components/ui";

/** The library URL for a search, with or without archived routines. */
export function libraryHref({ q, showArchived }: { q: string; showArchived: boolean }): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (showArchived) params.set("archived", "1");
  const query = params.toString();
  return query ? `/routines?${query}` : "/routines";
}

/** Search (a plain GET form: works without JavaScript) and the link that shows or hides archived routines. */
export function LibraryToolbar({ q, showArchived }: { q: string; showArchived: boolean }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <Form
        action="/routines"
        role="search"
        className="flex w-full min-w-0 items-center gap-2 sm:w-auto sm:max-w-md sm:flex-1"
      >
        <label htmlFor="routine-search" className="sr-only">
          Search routines by name or description
        </label>
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <Input
            id="routine-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Search by name or description"
            className="pl-9"
            data-testid="routine-search"
          />
        </div>
        {showArchived ? <input type="hidden" name="archived" value="1" /> : null}
        <Button type="submit" variant="secondary" data-testid="routine-search-submit">
          Search
        </Button>
      </Form>
      <Link
        href={libraryHref({ q, showArchived: !showArchived })}
        data-testid="toggle-archived"
        className={cn(
          "inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
          showArchived
            ? "border-transparent bg-accent-soft text-accent"
            : "border-border bg-surface text-muted hover:text-foreground",
        )}
      >
        <Archive className="size-4" aria-hidden="true" />
        {showArchived ? "Hide archived" : "Show archived"}
      </Link>
    </div>
  );
}
