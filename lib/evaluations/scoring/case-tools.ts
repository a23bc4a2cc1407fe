import type { TestCaseContent } from "./case-schema";

/**
 * What makes a case unrunnable against the routine as it stands: each expected call or pinned output naming a tool
 * outside `knownToolNames` (the routine's latest version's tools that the catalog still offers). The case table shows
 * these as flags, and suites skip a flagged case instead of counting a routine change as the model's error.
 * One sentence per tool, in the order the case first names it.
 */
export function caseToolProblems(
  content: Pick<TestCaseContent, "expectedCalls" | "pinnedOutputs">,
  knownToolNames: ReadonlySet<string>,
): string[] {
  const calls = new Map<string, number[]>();
  content.expectedCalls.forEach((call, index) => {
    if (!knownToolNames.has(call.tool)) calls.set(call.tool, [...(calls.get(call.tool) ?? []), index + 1]);
  });
  const problems = [...calls].map(([tool, numbers]) => {
    const which = numbers.length === 1 ? `Call ${numbers[0]}` : `Calls ${numbers.join(", ")}`;
    return `${which} use${numbers.length === 1 ? "s" : ""} the tool "${tool}", which the routine's latest version or the tool catalog no longer has.`;
  });
  const pinned = new Set(
    content.pinnedOutputs.map((output) => output.tool).filter((tool) => !knownToolNames.has(tool) && !calls.has(tool)),
  );
  for (const tool of pinned)
    problems.push(`A pinned output names the tool "${tool}", which the routine no longer has.`);
  return problems;
}
