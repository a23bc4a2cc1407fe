// `node --import ./scripts/lib/server-only.mjs --import tsx script.ts`: lets a script import lib/db (see the hooks).
import { register } from "node:module";

register("./server-only-hooks.mjs", import.meta.url);
