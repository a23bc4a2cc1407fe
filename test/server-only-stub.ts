// Vitest runs lib/ outside Next's react-server environment, where the real `server-only` would throw.
export {};
