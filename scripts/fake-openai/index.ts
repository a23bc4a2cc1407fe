export { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from "./server";
export type { RecordedRequest } from "./request-log";
export {
  fakeRuleSchema,
  fakeScenarioSchema,
  type FakeFault,
  type FakeMatch,
  type FakeReply,
  type FakeRule,
  type FakeScenario,
  type FakeToolCall,
} from "./schemas";
export { DEFAULT_MODELS } from "./scenario-state";
