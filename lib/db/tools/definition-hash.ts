import "server-only";
import { createHash } from "node:crypto";
import { canonicalJson, pinnedDefinition, type ToolSnapshotDefinition } from "../../tools";

/** The content hash of a tool definition ("sha256:" + hex) over its pinned fields, whatever order its keys came in. */
export function toolDefinitionHash(tool: ToolSnapshotDefinition): string {
  return `sha256:${createHash("sha256")
    .update(canonicalJson(pinnedDefinition(tool)))
    .digest("hex")}`;
}
