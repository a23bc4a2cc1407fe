/**
 * "4 s ago", "3 min ago", "2 h ago", "5 d ago": how long before `now` the moment `iso` was. Both come from the
 * server, so the label is the same on the server and in the browser.
 */
export function agoLabel(iso: string, now: string): string {
  const seconds = Math.max(0, Math.floor((Date.parse(now) - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3_600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}
