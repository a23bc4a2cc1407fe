import "server-only";
import OpenAI from "openai";
import { guardedFetch } from "../../outbound";
import { abortableSleep, backoffMs, MAX_RETRY_AFTER_MS } from "../backoff";
import { isLlmError, LlmError } from "../errors";
import { classifyFailure, redactSecrets, toLlmError } from "./failures";
import type {
  CallOptions,
  ChatRequest,
  ChatResult,
  LlmCallContext,
  LlmCallRecord,
  LlmClient,
  LlmClientConfig,
  LlmClientDeps,
  LlmExchange,
  PingResult,
  TokenUsage,
} from "../types";
import { requestOf, responseOf } from "./exchange";
import { readCompletion, readEmbeddings, readModelList, toWireRequest } from "./wire";

type Attempted<T> = { value: T; attempts: number };

/** A 400 saying this model wants max_completion_tokens (OpenAI's reasoning models), so the client can resend. */
function asksForCompletionTokens(error: unknown): boolean {
  return error instanceof OpenAI.APIError && error.status === 400 && /max_completion_tokens/.test(error.message);
}

/**
 * A client for one role's OpenAI-compatible endpoint. The SDK's own retries are off: this client runs the retry
 * loop itself (429 honouring retry-after, 500/502/503/504, timeouts, connection failures; exponential backoff with
 * jitter) so attempts are counted, recorded and testable. Every logical call, success or failure, is reported once
 * to `deps.recordUsage`; a failing recorder is logged and never fails the call. A chat call's record carries its
 * exchange (messages, tools, answer) with the API key redacted from every text.
 */
export function createLlmClient(config: LlmClientConfig, deps: LlmClientDeps = {}): LlmClient {
  const sleep = deps.sleep ?? abortableSleep;
  const random = deps.random ?? Math.random;
  const openai = new OpenAI({
    baseURL: config.baseUrl,
    // Never let the SDK fall back to OPENAI_API_KEY / OPENAI_ORG_ID from the environment: the settings decide.
    apiKey: config.apiKey ?? "",
    organization: null,
    project: null,
    timeout: config.timeoutMs,
    maxRetries: 0,
    // The guarded fetch: the outbound policy on every connection, no redirects (tests inject their own).
    fetch: deps.fetch ?? guardedFetch,
    defaultHeaders: config.apiKey ? undefined : { Authorization: null },
  });
  let useCompletionTokens = false;

  const messageContext = (attempts: number) => ({
    baseUrl: config.baseUrl,
    model: config.model,
    timeoutMs: config.timeoutMs,
    attempts,
    hasApiKey: Boolean(config.apiKey),
    apiKey: config.apiKey,
  });

  /** Runs `send` until it succeeds, fails for good, or the retry budget is spent. Each attempt has its own timer. */
  async function withRetries<T>(
    send: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<Attempted<T>> {
    for (let attempts = 1; ; attempts++) {
      if (signal?.aborted)
        throw toLlmError({ code: "aborted", retryable: false, cause: signal.reason }, messageContext(attempts - 1));
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, config.timeoutMs);
      const forwardAbort = () => controller.abort();
      signal?.addEventListener("abort", forwardAbort, { once: true });
      try {
        return { value: await send(controller.signal), attempts };
      } catch (error) {
        const failure = classifyFailure(error, { timedOut, aborted: signal?.aborted ?? false });
        const waitTooLong = failure.retryAfterMs !== undefined && failure.retryAfterMs > MAX_RETRY_AFTER_MS;
        if (!failure.retryable || attempts > config.maxRetries || waitTooLong)
          throw toLlmError(failure, { ...messageContext(attempts), waitTooLong });
        try {
          await sleep(failure.retryAfterMs ?? backoffMs(attempts - 1, random), signal);
        } catch {
          throw toLlmError({ code: "aborted", retryable: false, cause: signal?.reason }, messageContext(attempts));
        }
        if (signal?.aborted)
          throw toLlmError({ code: "aborted", retryable: false, cause: signal.reason }, messageContext(attempts));
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", forwardAbort);
      }
    }
  }

  async function report(record: LlmCallRecord) {
    if (!deps.recordUsage) return;
    try {
      await deps.recordUsage(record);
    } catch (error) {
      console.error(
        `[llm] could not record the usage of a ${record.role} call (${record.purpose}):`,
        redactSecrets(String(error), config.apiKey),
      );
    }
  }

  /**
   * Runs one logical call and reports it, with its tokens, whether it succeeds or fails. A chat call passes its
   * exchange (the request, and how to read the answer from the result) so the record carries both, key redacted.
   */
  async function tracked<T>(
    purpose: string,
    context: LlmCallContext | undefined,
    call: () => Promise<Attempted<T> & { usage?: TokenUsage; model?: string }>,
    exchange?: { model: string; request: LlmExchange["request"]; answer: (value: T) => LlmExchange["response"] },
  ): Promise<Attempted<T>> {
    const started = Date.now();
    const base = { role: config.role, purpose, context: context ?? {} };
    const requested = exchange?.model || config.model;
    try {
      const result = await call();
      await report({
        ...base,
        model: result.model ?? requested,
        inputTokens: result.usage?.inputTokens ?? 0,
        outputTokens: result.usage?.outputTokens ?? 0,
        durationMs: Date.now() - started,
        attempts: result.attempts,
        status: "ok",
        ...(exchange ? { exchange: { request: exchange.request, response: exchange.answer(result.value) } } : {}),
      });
      return result;
    } catch (thrown) {
      const error = isLlmError(thrown)
        ? thrown
        : toLlmError(classifyFailure(thrown, { timedOut: false, aborted: false }), messageContext(1));
      await report({
        ...base,
        model: requested,
        inputTokens: 0,
        outputTokens: 0,
        durationMs: Date.now() - started,
        attempts: error.attempts,
        status: "error",
        error: {
          code: error.code,
          message: error.message,
          ...(error.serverMessage ? { serverMessage: error.serverMessage } : {}),
        },
        ...(exchange ? { exchange: { request: exchange.request, response: null } } : {}),
      });
      throw error;
    }
  }

  async function chat(request: ChatRequest): Promise<ChatResult> {
    const model = request.model || config.model;
    if (!model)
      throw new LlmError(
        "not_configured",
        `No model is set for the ${config.role} role. Set one in Settings → Models.`,
      );
    const send = async (signal: AbortSignal) => {
      try {
        return await openai.chat.completions.create(toWireRequest(model, request, useCompletionTokens), {
          signal,
        });
      } catch (error) {
        if (useCompletionTokens || request.maxTokens === undefined || !asksForCompletionTokens(error)) throw error;
        useCompletionTokens = true;
        return await openai.chat.completions.create(toWireRequest(model, request, true), { signal });
      }
    };
    const { value, attempts } = await tracked(
      request.purpose,
      request.context,
      async () => {
        const sent = await withRetries(async (signal) => readCompletion(await send(signal), model), request.signal);
        return { ...sent, usage: sent.value.usage, model: sent.value.model };
      },
      {
        model,
        request: requestOf(request, config.apiKey),
        answer: (result) => responseOf(result, config.apiKey),
      },
    );
    return { ...value, attempts };
  }

  async function listModels(options: CallOptions = {}): Promise<string[]> {
    const { value } = await tracked(options.purpose ?? "models.list", options.context, () =>
      withRetries(async (signal) => readModelList(await openai.get<unknown>("/models", { signal })), options.signal),
    );
    return value;
  }

  async function embed(texts: string[], options: CallOptions = {}): Promise<number[][]> {
    const { value } = await tracked(options.purpose ?? "embeddings", options.context, async () => {
      const sent = await withRetries(
        async (signal) =>
          readEmbeddings(
            await openai.embeddings.create({ model: config.model, input: texts, encoding_format: "float" }, { signal }),
            texts.length,
          ),
        options.signal,
      );
      return { ...sent, usage: { inputTokens: sent.value.inputTokens, outputTokens: 0 } };
    });
    return value.vectors;
  }

  async function ping(options: CallOptions = {}): Promise<PingResult> {
    const started = Date.now();
    const purpose = options.purpose ?? "ping";
    if (!config.model) {
      const models = await listModels({ ...options, purpose });
      return {
        latencyMs: Date.now() - started,
        model: "",
        detail: `The endpoint answered and offers ${models.length} model${models.length === 1 ? "" : "s"}.`,
      };
    }
    const result = await chat({
      purpose,
      messages: [{ role: "user", content: "Reply with OK." }],
      maxTokens: 1,
      signal: options.signal,
      context: options.context,
    });
    return { latencyMs: Date.now() - started, model: result.model, detail: `The model "${result.model}" answered.` };
  }

  return { role: config.role, model: config.model, chat, listModels, embed, ping };
}
