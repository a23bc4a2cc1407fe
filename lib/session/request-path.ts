/** Set by proxy.ts on every page request, so server components know which page was asked for. */
export const REQUEST_PATH_HEADER = "x-routine-studio-path";
