import "server-only";
import { jsonError } from "./request-viewer";

/**
 * The origin the app is served at: BETTER_AUTH_URL's (the setting sign-in already requires to match what users
 * reach), or else the request's own, as Next derives it from the Host header.
 */
export function appOrigin(request: Request): string {
  const configured = process.env.BETTER_AUTH_URL;
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // An unparsable setting fails sign-in loudly elsewhere; here the request's own origin is the fallback.
    }
  }
  return new URL(request.url).origin;
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The first check of a route handler that changes state and accepts the session cookie, against cross-site request
 * forgery. Returns the refusal to send, or null when the request may go on:
 * - 403 when `Origin` names another site (browsers send it on every POST, same-site or not), or when a request
 *   without an Authorization header carries cookies but no `Origin`: only a browser sends cookies on its own, and a
 *   browser would have said where the request came from. API clients authenticate with a bearer token and send no
 *   `Origin`; they pass.
 * - 415 when `jsonBody` and the body is not declared `application/json`. A cross-site HTML form can only send
 *   form or text bodies, and a script on another site cannot send JSON without a CORS preflight we never grant.
 */
export function refuseCrossSiteRequest(request: Request, options: { jsonBody: boolean }): Response | null {
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== appOrigin(request)) {
    return jsonError(403, "This request came from another site, so it was refused. Use the app's own pages.");
  }
  const byCookie = !request.headers.has("authorization") && request.headers.has("cookie");
  if (origin === null && byCookie) {
    return jsonError(
      403,
      'A request signed in with the session cookie must carry the app\'s "Origin" header. Scripts and other ' +
        'programs should send a personal API token as "Authorization: Bearer <token>" instead.',
    );
  }
  if (options.jsonBody && !JSON_MEDIA_TYPE.test(request.headers.get("content-type") ?? "")) {
    return jsonError(415, 'Send the body as JSON with "Content-Type: application/json".');
  }
  return null;
}
