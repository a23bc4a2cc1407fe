import type { FakeRule, RecordedRequest } from "../../scripts/fake-openai/index";
import { FAKE_OPENAI_URL } from "./env";

const CONTROL = new URL("/__fake/", FAKE_OPENAI_URL);

async function call(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(new URL(path, CONTROL), init);
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok)
    throw new Error(
      `fake-openai ${init?.method ?? "GET"} /__fake/${path} answered ${response.status}: ${body?.error?.message ?? "no message"}`,
    );
  return body;
}

/**
 * Scripts the fake OpenAI server the e2e app talks to. Two workers share it, so a test only appends rules, each
 * matching text unique to that test (e.g. a uniqueName() it typed), and never replaces or resets the scenario.
 */
export const fakeOpenAI = {
  /** Appends rules after those already there; the first rule matching a request answers it. */
  async addRules(rules: FakeRule[]): Promise<void> {
    await call("rules", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rules }),
    });
  },

  /**
   * Opens a gate: requests held by rules with `hold: gate` are answered now, and later ones at once. Returns how
   * many were waiting. Use a gate name unique to the test.
   */
  async openGate(gate: string): Promise<number> {
    const { waiting } = (await call("gates/open", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ gate }),
    })) as { waiting: number };
    return waiting;
  },

  /** The chat and model requests the app sent, oldest first; with `includes`, only those whose body contains it. */
  async requests(filter: { includes?: string } = {}): Promise<RecordedRequest[]> {
    const { requests } = (await call("requests")) as { requests: RecordedRequest[] };
    const needle = filter.includes;
    return needle === undefined ? requests : requests.filter((request) => containsText(request.body, needle));
  },
};

/** Whether any string inside a JSON value contains `needle` (read as text, not as escaped JSON). */
function containsText(value: unknown, needle: string): boolean {
  if (typeof value === "string") return value.includes(needle);
  if (Array.isArray(value)) return value.some((item) => containsText(item, needle));
  if (value && typeof value === "object") return Object.values(value).some((item) => containsText(item, needle));
  return false;
}
