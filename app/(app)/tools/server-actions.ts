import type { ServerActions } from "@/components/tools/tool-types";
import {
  refreshToolServerAction,
  removeToolServerAction,
  setToolServerEnabledAction,
  updateToolServerAction,
} from "./actions";

/** The server actions a server card offers, shared by the list and the server's own page. */
export const serverActions: ServerActions = {
  update: updateToolServerAction,
  remove: removeToolServerAction,
  setEnabled: setToolServerEnabledAction,
  refresh: refreshToolServerAction,
};
