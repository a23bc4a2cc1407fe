// The OpenAI-compatible client: retries, timeouts, usage records and errors that never carry the key. Server only.
import "server-only";
export { createLlmClient } from "./llm-client";
