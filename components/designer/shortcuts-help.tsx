"use client";

import { Dialog } from "@/components/ui";
import { SHORTCUTS } from "./shortcut-keys";

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" testId="shortcuts-help">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {SHORTCUTS.map(({ keys, action }) => (
          <div key={keys} className="contents">
            <dt className="font-mono text-xs text-muted">{keys}</dt>
            <dd className="text-foreground">{action}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
