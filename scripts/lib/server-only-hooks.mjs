// Module hooks for scripts that load server-only modules (lib/db) under plain Node: `server-only` resolves with the
// react-server condition (to its empty module), as it does in Next's server bundles. Everything else keeps plain
// Node's conditions, so React's full build loads (the react-server condition everywhere would break modules that
// also import client React APIs, such as next/navigation).
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only")
    return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
  return nextResolve(specifier, context);
}
