// What a form and its server action agree on: the state the action returns and how FormData becomes plain values.
// Safe in the browser (client components import ActionState and idleState from here).
export { formValues, idleState } from "./form-state";
export { typedNumber } from "./typed-number";
export type { ActionState } from "./form-state";
