import fc from "fast-check";

const words = fc.constantFrom(
  "check",
  "the balance",
  "employee id",
  "leave dates",
  "notify",
  "approve",
  "休暇",
  "naïve",
  "reason",
);
const phrase = fc.array(words, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(" "));
const toolName = fc.constantFrom("get_leave_balance", "apply_leave", "notify_employee", "get_employee");

const line = fc.record({
  name: phrase,
  description: fc.oneof(fc.constant(""), phrase),
  inputs: fc.array(phrase, { maxLength: 2 }),
  outputs: fc.array(phrase, { maxLength: 2 }),
  tool: fc.option(toolName, { nil: undefined }),
  terminate: fc.boolean(),
});
type Line = typeof line extends fc.Arbitrary<infer T> ? T : never;

function body(item: Line, condition?: string): string {
  const lead =
    condition === undefined
      ? item.description
      : item.description
        ? `If ${condition}, ${item.description}`
        : `If ${condition}`;
  const parts = [
    lead,
    item.inputs.length ? `input ${item.inputs.join(", ")}` : "",
    item.outputs.length ? `output ${item.outputs.join(", ")}` : "",
  ];
  if (item.tool) parts.push(`using ${item.tool} tool`);
  const text = parts.filter((part) => part !== "").join(", ");
  if (!item.terminate) return text;
  return text ? `${text} and terminate the workflow` : "terminate the workflow";
}

/**
 * Plain paper text as an expert writes it: main steps, branch steps with "If …" branches, "terminate the workflow",
 * tools, inputs and outputs; no annotations.
 */
export function arbitraryPaperText(maxSteps = 8): fc.Arbitrary<string> {
  const main = fc.record({
    step: line,
    branches: fc.option(
      fc.array(fc.record({ condition: phrase, lines: fc.array(line, { minLength: 1, maxLength: 3 }) }), {
        minLength: 2,
        maxLength: 3,
      }),
      {
        nil: undefined,
        freq: 3,
      },
    ),
  });
  return fc.array(main, { minLength: 1, maxLength: maxSteps }).map((mains) => {
    const lines = ["Routine: Generated"];
    mains.forEach((item, index) => {
      const n = index + 1;
      if (!item.branches) {
        lines.push(`Step ${n}. ${item.step.name}: ${body(item.step)};`);
        return;
      }
      lines.push(`Step ${n}. ${item.step.name}: This step performs a branch condition check:`);
      item.branches.forEach((branch, k) => {
        branch.lines.forEach((entry, i) =>
          lines.push(
            `Branch ${n}-${k + 1} Step ${i + 1}. ${entry.name}: ${body(entry, i === 0 ? branch.condition : undefined)};`,
          ),
        );
      });
    });
    return lines.join("\n");
  });
}
