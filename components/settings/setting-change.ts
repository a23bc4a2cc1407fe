/** Who last changed a setting and when, as a page hands it to the setting's form (plain values). */
export type SettingChangeView = {
  /** Never saved: the defaults apply. */
  isDefault: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
};

/** A stored setting's last change as its form reads it: the date as an ISO string, which can cross to the browser. */
export function toSettingChangeView(stored: {
  isDefault: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}): SettingChangeView {
  return {
    isDefault: stored.isDefault,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    updatedBy: stored.updatedBy,
  };
}

/**
 * The sentence a settings card's description ends with: `notSet` while the defaults apply, otherwise who changed it
 * last and when (in the browser's locale and time zone, so call it where the form renders).
 */
export function changeNote(change: SettingChangeView, notSet: string): string {
  if (change.isDefault) return notSet;
  const by = change.updatedBy ? ` by ${change.updatedBy}` : "";
  const on = change.updatedAt ? ` on ${new Date(change.updatedAt).toLocaleString()}` : "";
  return `Last changed${by}${on}.`;
}
