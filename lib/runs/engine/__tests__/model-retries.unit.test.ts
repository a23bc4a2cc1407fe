import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../../scripts/fake-openai/index";
import { endStep, makeRoutine, skillStep } from "../../../routine/testing/factories";
import { API_KEY, chain, dataOf, expectNoSecrets, fakeModel, harness } from "./support";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const oneSkill = () => {
  const steps = [
    skillStep({ id: "write", name: "Write a note", outputs: [{ name: "note", description: "" }] }),
    endStep({ id: "done" }),
  ];
  return makeRoutine({ steps, edges: chain(...steps) });
};

describe("executor model retries through the real client", () => {
  it.each([
    ["a 429", { kind: "http" as const, status: 429 }],
    ["a 500", { kind: "http" as const, status: 500 }],
    ["a timeout", { kind: "hang" as const }],
  ])("retries after %s and the step succeeds, the attempts recorded", async (_name, fault) => {
    fake.setScenario({ rules: [{ times: 1, fault }, { reply: { content: "Noted." } }] });
    const { model, records, sleeps } = fakeModel(fake, { timeoutMs: 300 });
    const h = harness({ routine: oneSkill(), model });
    expect(await h.execute()).toBe("succeeded");
    expect(h.store.run(h.runId).outputs).toEqual({ note: "Noted." });
    expect(records).toEqual([
      expect.objectContaining({
        purpose: "runner.skill_step",
        status: "ok",
        attempts: 2,
        context: expect.objectContaining({ runId: h.runId }),
      }),
    ]);
    expect(sleeps).toHaveLength(1);
    expect(dataOf(h.events(), "step.model")[0].attempts).toBe(2);
  });

  it("fails the step with the client's message once the retries are spent, without the key", async () => {
    fake.setScenario({
      rules: [{ fault: { kind: "http", status: 500, message: `upstream rejected key ${API_KEY}` } }],
    });
    const { model, records } = fakeModel(fake, { maxRetries: 1 });
    const h = harness({ routine: oneSkill(), model });
    expect(await h.execute()).toBe("failed");
    expect(records[0]).toMatchObject({ status: "error", attempts: 2 });
    expect(dataOf(h.events(), "step.failed")[0].error).toMatch(/^The executor model failed: /);
    expectNoSecrets(h);
  });
});
