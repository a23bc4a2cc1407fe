import Form from "next/form";
import Link from "next/link";
import { Button, Checkbox } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { RUN_STATUSES } from "@/lib/events";
import { RUN_STATUS_STYLE } from "../run-styles";

export type RunsFilterValues = { routine: string; status: string; startedBy: string; evaluations: boolean };

type Props = {
  values: RunsFilterValues;
  routines: { id: string; name: string }[];
  starters: { id: string; name: string }[];
  viewerId: string;
};

/** Filters as a plain GET form, so a filtered list is a link and works without JavaScript. */
export function RunsFilters({ values, routines, starters, viewerId }: Props) {
  const filtered = values.routine || values.status || values.startedBy || values.evaluations;
  return (
    <Form
      action="/runs"
      className="mb-4 flex flex-wrap items-end gap-3"
      data-testid="runs-filters"
      role="search"
      aria-label="Filter runs"
    >
      <label className="min-w-48 flex-1 space-y-1 text-xs font-medium text-muted sm:flex-none">
        Routine
        <Select name="routine" defaultValue={values.routine} data-testid="filter-routine">
          <option value="">All routines</option>
          {routines.map((routine) => (
            <option key={routine.id} value={routine.id}>
              {routine.name}
            </option>
          ))}
        </Select>
      </label>
      <label className="min-w-36 space-y-1 text-xs font-medium text-muted">
        Status
        <Select name="status" defaultValue={values.status} data-testid="filter-status">
          <option value="">Any status</option>
          {RUN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {RUN_STATUS_STYLE[status].label}
            </option>
          ))}
        </Select>
      </label>
      <label className="min-w-40 space-y-1 text-xs font-medium text-muted">
        Started by
        <Select name="startedBy" defaultValue={values.startedBy} data-testid="filter-started-by">
          <option value="">Anyone</option>
          <option value={viewerId}>Me</option>
          {starters
            .filter((user) => user.id !== viewerId)
            .map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
        </Select>
      </label>
      <Checkbox
        id="filter-evaluations"
        name="evaluations"
        value="1"
        defaultChecked={values.evaluations}
        label="Include evaluation runs"
        data-testid="filter-evaluations"
      />
      <Button type="submit" variant="secondary" data-testid="filter-apply">
        Filter
      </Button>
      {filtered ? (
        <Link
          href="/runs"
          className="h-10 content-center text-sm text-accent hover:underline"
          data-testid="filter-clear"
        >
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
