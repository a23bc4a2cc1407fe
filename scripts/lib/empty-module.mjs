// An empty module: what `server-only` is outside the web server (see run-worker-bundle.mjs).
export {};
