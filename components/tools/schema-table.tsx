import { Badge, Table, Td, Th } from "@/components/ui";
import type { SchemaField } from "@/lib/tools";

/** A tool's parameters as a readable table: name, type, required, description, default. */
export function SchemaTable({ fields, testId }: { fields: SchemaField[]; testId?: string }) {
  if (fields.length === 0)
    return (
      <p className="text-sm text-muted" data-testid={testId}>
        This tool takes no parameters.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-border" data-testid={testId}>
      <Table>
        <thead>
          <tr>
            <Th>Parameter</Th>
            <Th>Type</Th>
            <Th>Description</Th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} data-testid={`param-${field.name}`}>
              <Td className="whitespace-nowrap font-mono text-xs">
                {field.name} {field.required ? <Badge tone="accent">required</Badge> : null}
              </Td>
              <Td className="text-xs text-muted">{field.typeLabel}</Td>
              <Td className="text-sm">
                {field.description || <span className="text-muted">—</span>}
                {field.defaultValue !== undefined ? (
                  <span className="ml-1 text-xs text-muted">(default {JSON.stringify(field.defaultValue)})</span>
                ) : null}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
