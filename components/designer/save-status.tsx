"use client";

import { AlertTriangle, Check, CloudUpload, Loader2 } from "lucide-react";
import type { DesignerStoreState } from "@/lib/stores/designer";
import { useDesigner } from "./designer-context";

const LABELS = {
  saved: { text: "All changes saved", icon: Check, tone: "text-muted" },
  dirty: { text: "Unsaved changes", icon: CloudUpload, tone: "text-muted" },
  saving: { text: "Saving…", icon: Loader2, tone: "text-muted" },
  error: { text: "Not saved", icon: AlertTriangle, tone: "text-danger" },
  stale: { text: "Changed elsewhere", icon: AlertTriangle, tone: "text-warning" },
} as const;

const selectSaveStatus = (state: DesignerStoreState) => ({
  status: state.save.status,
  message: state.save.message,
  canEdit: state.canEdit,
});

/** Where the working draft stands; fixed width so the toolbar never jumps. */
export function SaveStatus() {
  const { status, message, canEdit } = useDesigner(selectSaveStatus);
  if (!canEdit)
    return (
      <span className="text-xs text-muted" data-testid="save-status" data-status="read-only">
        Read only
      </span>
    );
  const { text, icon: Icon, tone } = LABELS[status];
  return (
    <span
      role="status"
      title={message}
      className={`flex w-40 items-center gap-1.5 text-xs ${tone}`}
      data-testid="save-status"
      data-status={status}
    >
      <Icon className={`size-3.5 ${status === "saving" ? "animate-spin" : ""}`} aria-hidden="true" />
      {text}
    </span>
  );
}
