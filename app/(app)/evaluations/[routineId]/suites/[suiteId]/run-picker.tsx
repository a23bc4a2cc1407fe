import { Button } from "@/components/ui";
import { Select } from "@/components/ui/select";

/** Chooses which run of the suite the page shows (a GET form, so it works without JavaScript and from a link). */
export function RunPicker({
  action,
  selected,
  runs,
}: {
  action: string;
  selected: string;
  runs: Array<{ id: string; label: string }>;
}) {
  if (runs.length < 2) return null;
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2" data-testid="run-picker">
      <label className="space-y-1 text-sm">
        <span className="block font-medium">Run</span>
        <Select name="run" defaultValue={selected} data-testid="run-picker-select">
          {runs.map((run, index) => (
            <option key={run.id} value={run.id}>
              {index === 0 ? "Latest — " : ""}
              {run.label}
            </option>
          ))}
        </Select>
      </label>
      <Button type="submit" variant="secondary" size="sm">
        Show
      </Button>
    </form>
  );
}
