// Toolkits (named bundles of catalog tools) and actor profiles (persona, toolkit, executor model): the admin's
// settings, everyone's read, and the run engine's own read.
import "server-only";
export { createToolkit, deleteToolkit, listToolkits, updateToolkit } from "./toolkits";
export { createActorProfile, deleteActorProfile, listActorProfiles, updateActorProfile } from "./actor-profiles";
export { readActorProfiles } from "./actor-records";
export type { ActorProfileView, ToolkitView } from "./actor-records";
export { MAX_TOOLKIT_TOOLS, type ActorInput, type ToolkitInput } from "./actor-inputs";
