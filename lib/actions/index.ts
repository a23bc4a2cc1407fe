// What server actions and route handlers share on the server: errors turned into messages people can act on, and
// into HTTP statuses. The state a form receives lives in lib/forms, which the browser may import.
import "server-only";
export { loadOrError, toErrorState } from "./action-state";
export { errorResponse } from "./error-response";
