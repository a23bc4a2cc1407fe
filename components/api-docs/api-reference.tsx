"use client";

import { useEffect, useRef, useState } from "react";
import { Alert, Skeleton } from "@/components/ui";
import "swagger-ui-dist/swagger-ui.css";

type State = "loading" | "ready" | "failed";

/**
 * The OpenAPI document rendered by Swagger UI. Its self-contained bundle (swagger-ui-dist, with its own React) is
 * loaded only on this page and renders into a node React leaves alone. No "Try it out" (the page documents; it does
 * not send requests as the signed-in user) and no online validator badge: nothing leaves the app's origin, as its
 * Content-Security-Policy requires (connect-src 'self', fonts from the app only).
 */
export function ApiReference({ document }: { document: object }) {
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>("loading");

  useEffect(() => {
    let current = true;
    import("swagger-ui-dist/swagger-ui-es-bundle.js")
      .then(({ default: SwaggerUI }) => {
        if (!current || !target.current) return;
        SwaggerUI({
          domNode: target.current,
          spec: document,
          supportedSubmitMethods: [],
          validatorUrl: null,
          docExpansion: "list",
          defaultModelsExpandDepth: 0,
          deepLinking: false,
          onComplete: () => current && setState("ready"),
        });
      })
      .catch(() => current && setState("failed"));
    return () => {
      current = false;
    };
  }, [document]);

  return (
    <div data-testid="api-docs" data-state={state} aria-busy={state === "loading"}>
      {state === "loading" ? (
        <div className="space-y-3" data-testid="api-docs-loading">
          <Skeleton className="h-24 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : null}
      {state === "failed" ? (
        <Alert tone="error" title="The API reference could not be shown" testId="api-docs-error">
          Its viewer did not load. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.
        </Alert>
      ) : null}
      {/* Swagger UI's own React owns this node; light on both themes, as its styles assume. */}
      <div
        ref={target}
        className={
          state === "ready"
            ? "rounded-xl border border-border bg-white text-neutral-900 [color-scheme:light]"
            : "hidden"
        }
        data-testid="api-docs-viewer"
      />
    </div>
  );
}
