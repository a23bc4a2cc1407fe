import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "./lib/session";

// Not an access check (pages and the DAL do those): it only tells server components which page was
// requested, so sign-in can bring the user back to it.
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/|_next/|favicon.ico).*)"],
};
