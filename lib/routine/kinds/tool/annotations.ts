import { readNumber } from "../../text-annotation-values";
import type { AnnotationReader } from "../../text-lexer";

/** The annotations only a tool step carries, as read (without their position). */
export type ToolAnnotation =
  | { key: "tool"; server?: string; name: string }
  | { key: "timeout"; value: number }
  | { key: "retry"; maxAttempts: number; backoffMs: number }
  | { key: "approval" };

/** `[tool: server/name]` or `[tool: name]`. */
function readTool(r: AnnotationReader): ToolAnnotation {
  const first = r.wordOrString("a tool, as in [tool: hr/get_leave_balance]");
  if (!r.eat("/")) return { key: "tool", name: first };
  return { key: "tool", server: first, name: r.wordOrString("the tool's name after '/'") };
}

/** How each tool-step annotation reads after its name. */
export const TOOL_ANNOTATION_READERS: {
  readonly [K in ToolAnnotation["key"]]: (r: AnnotationReader) => ToolAnnotation;
} = {
  tool: (r) => {
    r.expect(":", "after 'tool'");
    return readTool(r);
  },
  timeout: (r) => {
    r.expect(":", "after 'timeout'");
    return { key: "timeout", value: readNumber(r, "a timeout in milliseconds") };
  },
  retry: (r) => {
    r.expect(":", "after 'retry'");
    const maxAttempts = readNumber(r, "the number of attempts");
    if (r.word("'x' between attempts and the wait in milliseconds, as in [retry: 3 x 1000]").toLowerCase() !== "x") {
      r.fail("Write retries as [retry: 3 x 1000]: 3 attempts, 1000 ms apart.");
    }
    return { key: "retry", maxAttempts, backoffMs: readNumber(r, "the wait between attempts in milliseconds") };
  },
  approval: () => ({ key: "approval" }),
};
