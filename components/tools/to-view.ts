import type { ToolServerSummary } from "@/lib/db/tools";
import type { ToolServerView } from "./tool-types";

/** The page's summary as client components take it (dates as ISO text). */
export function toServerView(server: ToolServerSummary): ToolServerView {
  return { ...server, lastRefreshAt: server.lastRefreshAt?.toISOString() ?? null };
}
