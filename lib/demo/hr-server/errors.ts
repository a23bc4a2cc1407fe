/**
 * A failure the caller can fix: an unknown ID, a bad value, a rule the request breaks. The server answers it as a tool
 * result with `isError: true` and this message, so a model or a person can correct the call; anything else thrown is
 * a bug and is reported as an internal error.
 */
export class HrToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HrToolError";
  }
}
