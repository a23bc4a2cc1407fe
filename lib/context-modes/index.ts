// How much of a run the executor's prompt carries (issue #18, decision 0031): the modes and their settings. Pure, so
// the settings form, the start form and the suite form read the same schema the engine and the DAL check with.
export {
  CONTEXT_LIMITS,
  CONTEXT_MODE_LABELS,
  CONTEXT_MODES,
  contextSettingsSchema,
  DEFAULT_CONTEXT_SETTINGS,
  type ContextMode,
  type ContextSettings,
} from "./context-settings";
