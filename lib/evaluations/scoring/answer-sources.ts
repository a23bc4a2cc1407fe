/** Where an expected call's answer will come from when its case runs in a suite (issue #29). */
export type ExpectedAnswerSource = "live" | "pinned" | "simulated";

/** The tool a pin is for, as the run service matches it: "get_employee" or "hr/get_employee". */
function pinnedName(tool: string): string {
  const slash = tool.lastIndexOf("/");
  return slash >= 0 ? tool.slice(slash + 1) : tool;
}

/** The tool an expected call names: "get_employee", or "hr__get_employee" when two servers share the name. */
function calledName(tool: string): string {
  const separator = tool.indexOf("__");
  return separator > 0 ? tool.slice(separator + 2) : tool;
}

/**
 * Where each expected call's answer will come from, so authors pin what matters: the k-th call of a tool takes the
 * k-th output pinned for that tool (as the run service serves pins); a call with no pin left is answered by the tool
 * itself when it only reads (`live`), and by the evaluation sandbox's simulated answer when it changes data.
 * `changesData(tool)` is the side-effect rule's verdict for the tool an expected call names (unknown: changes data).
 * A run that calls tools in another order than expected takes its pins in its own order.
 */
export function expectedAnswerSources(
  calls: ReadonlyArray<{ tool: string }>,
  pins: ReadonlyArray<{ tool: string }>,
  changesData: (tool: string) => boolean,
): ExpectedAnswerSource[] {
  const pinned = new Map<string, number>();
  for (const pin of pins) pinned.set(pinnedName(pin.tool), (pinned.get(pinnedName(pin.tool)) ?? 0) + 1);
  const used = new Map<string, number>();
  return calls.map((call) => {
    const name = calledName(call.tool);
    const taken = used.get(name) ?? 0;
    used.set(name, taken + 1);
    if (taken < (pinned.get(name) ?? 0)) return "pinned";
    return changesData(call.tool) ? "simulated" : "live";
  });
}
