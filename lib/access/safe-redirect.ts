// URL parsers drop tabs and line breaks inside a URL, so "/\t/evil.com" would be followed as "//evil.com".
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Only same-site paths are followed after sign-in, so a crafted link cannot send users elsewhere. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\") ||
    CONTROL_CHARACTERS.test(value)
  ) {
    return fallback;
  }
  if (value.startsWith("/sign-in") || value.startsWith("/api/")) return fallback;
  return value;
}
