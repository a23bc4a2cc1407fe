"use client";

import { Badge } from "@/components/ui";
import type { ChatMessage, ToolCall } from "@/lib/llm";
import { formatDuration, formatTokens } from "@/lib/stores/run-view";
import { JsonView } from "./json-view";
import type { ExchangeClipNote, ModelExchangeData } from "./model-exchanges-types";

const ROLE_LABEL: Record<ChatMessage["role"], string> = {
  system: "System",
  user: "User",
  assistant: "Model",
  tool: "Tool result",
};

const block =
  "whitespace-pre-wrap break-words rounded-md bg-surface-muted px-2 py-1.5 font-mono text-xs text-foreground";

/** Pretty JSON for a tool call's arguments when they parse, else the model's text as it was (it may be invalid). */
function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function ToolCalls({ calls }: { calls: ToolCall[] }) {
  return (
    <ul className="space-y-1">
      {calls.map((call) => (
        <li key={call.id} className="text-xs">
          <p className="font-mono text-accent">
            {call.name} <span className="text-muted">({call.id})</span>
          </p>
          <pre className={block}>{prettyArguments(call.arguments)}</pre>
        </li>
      ))}
    </ul>
  );
}

function Message({ message }: { message: ChatMessage }) {
  return (
    <li className="space-y-1" data-testid="model-exchange-message" data-role={message.role}>
      <p className="text-xs font-semibold text-muted">
        {ROLE_LABEL[message.role] ?? message.role}
        {message.role === "tool" ? <span className="font-normal"> for {message.toolCallId}</span> : null}
      </p>
      {message.content ? <pre className={block}>{message.content}</pre> : null}
      {message.role === "assistant" && message.toolCalls?.length ? <ToolCalls calls={message.toolCalls} /> : null}
    </li>
  );
}

function ClipNote({ note, what }: { note?: ExchangeClipNote; what: string }) {
  if (!note) return null;
  return (
    <p className="text-xs text-warning" data-testid="model-exchange-clipped">
      The {what} was {Math.round(note.originalBytes / 1024).toLocaleString("en")} KB, over the size kept: long texts are
      clipped
      {note.omittedMessages ? ` and ${note.omittedMessages} earlier messages are left out` : ""}.
    </p>
  );
}

/** One model call: its usage in the summary; opened, the messages sent, the tools offered and the answer. */
export function ModelExchangeItem({ exchange, number }: { exchange: ModelExchangeData; number: number }) {
  const { request, response } = exchange;
  return (
    <li className="rounded-lg border border-border text-xs" data-testid="model-exchange" data-status={exchange.status}>
      <details>
        <summary className="cursor-pointer list-inside space-x-2 px-2 py-1.5 focus-visible:outline-2 focus-visible:outline-accent">
          <span className="font-semibold text-foreground">#{number}</span>
          <span className="font-mono text-foreground">{exchange.purpose}</span>
          <span className="text-muted">{exchange.model}</span>
          <span className="text-muted">
            {formatTokens(exchange.inputTokens)} in · {formatTokens(exchange.outputTokens)} out ·{" "}
            {formatDuration(exchange.durationMs)}
          </span>
          {exchange.status === "error" ? <Badge tone="danger">failed</Badge> : null}
        </summary>
        <div className="space-y-3 border-t border-border px-2 py-2">
          <p className="text-muted">
            {exchange.at.replace("T", " ").slice(0, 19)} UTC
            {exchange.attempts > 1 ? ` · ${exchange.attempts} attempts` : ""}
          </p>
          {exchange.error ? <p className="text-danger">{exchange.error}</p> : null}
          {request === null ? (
            <p className="text-muted" data-testid="model-exchange-not-kept">
              The request and answer were not kept: exchanges are kept only for the retention set in Settings → Models.
            </p>
          ) : (
            <>
              <section className="space-y-1">
                <h4 className="font-semibold text-foreground">Messages ({request.messages.length})</h4>
                <ClipNote note={request.clipped} what="request" />
                <ol className="space-y-2">
                  {request.messages.map((message, index) => (
                    <Message key={index} message={message} />
                  ))}
                </ol>
              </section>
              {request.tools?.length ? (
                <section className="space-y-1" data-testid="model-exchange-tools">
                  <h4 className="font-semibold text-foreground">
                    Tools offered ({request.tools.length})
                    {request.toolChoice ? (
                      <span className="font-normal text-muted">
                        {" "}
                        · choice:{" "}
                        {typeof request.toolChoice === "string" ? request.toolChoice : request.toolChoice.name}
                      </span>
                    ) : null}
                  </h4>
                  <ul className="space-y-1">
                    {request.tools.map((tool) => (
                      <li key={tool.name}>
                        <details>
                          <summary className="cursor-pointer font-mono text-accent focus-visible:outline-2 focus-visible:outline-accent">
                            {tool.name}
                          </summary>
                          {tool.description ? <p className="my-1 text-muted">{tool.description}</p> : null}
                          <JsonView value={tool.parameters} />
                        </details>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {request.responseFormat ? (
                <section className="space-y-1">
                  <h4 className="font-semibold text-foreground">Answer format: {request.responseFormat.name}</h4>
                  <JsonView value={request.responseFormat.schema} />
                </section>
              ) : null}
              <section className="space-y-1" data-testid="model-exchange-answer">
                <h4 className="font-semibold text-foreground">
                  Answer
                  {response ? <span className="font-normal text-muted"> · finish: {response.finishReason}</span> : null}
                </h4>
                {response ? (
                  <>
                    <ClipNote note={response.clipped} what="answer" />
                    {response.content ? <pre className={block}>{response.content}</pre> : null}
                    {response.toolCalls.length > 0 ? <ToolCalls calls={response.toolCalls} /> : null}
                    {!response.content && response.toolCalls.length === 0 ? <p className="text-muted">Empty.</p> : null}
                  </>
                ) : (
                  <p className="text-muted">None: the call failed.</p>
                )}
              </section>
            </>
          )}
        </div>
      </details>
    </li>
  );
}
