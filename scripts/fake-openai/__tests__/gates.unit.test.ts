import { APIUserAbortError } from "openai";
import { describe, expect, it } from "vitest";
import type { FakeOpenAI, FakeRule, RecordedRequest } from "../index";
import { Gates } from "../gates";
import { fakeServer, sdkFor, userSays } from "./support";

const question = { model: "m", messages: userSays("Plan the onboarding") };

type Tracked<T> = { settled: boolean; result: Promise<T> };

/** A promise with a flag that turns true once it settles, so a test can tell that it is still pending. */
function tracked<T>(promise: Promise<T>): Tracked<T> {
  const call: Tracked<T> = { settled: false, result: promise };
  call.result = promise.finally(() => {
    call.settled = true;
  });
  return call;
}

/** Whether the call is still unanswered after a short tick: long enough for a reply over localhost to arrive. */
async function stillPending(call: Tracked<unknown>): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return !call.settled;
}

/** A completion request the fake holds at `gate`; resolves once the server has it waiting there. */
async function heldRequest(fake: FakeOpenAI, gate: string): Promise<Tracked<string | null>> {
  const call = tracked(
    sdkFor(fake)
      .chat.completions.create(question)
      .then((completion) => completion.choices[0].message.content),
  );
  await expect.poll(() => fake.waitingAt(gate)).toBe(1);
  return call;
}

const post = (url: URL, body: unknown) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("hold gates", () => {
  it("holds a request at its gate until the gate opens, then answers with the rule's reply", async () => {
    const fake = await fakeServer({
      scenario: { rules: [{ id: "held", hold: "gate-a", reply: { content: "Done thinking." } }] },
    });

    const call = tracked(sdkFor(fake).chat.completions.create(question));
    await expect.poll(() => fake.requests()[0]?.heldBy).toBe("gate-a");
    expect(await stillPending(call)).toBe(true);

    expect(fake.openGate("gate-a")).toBe(1);
    expect((await call.result).choices[0].message.content).toBe("Done thinking.");
    expect(fake.requests().map((request) => [request.ruleId, request.heldBy])).toEqual([["held", "gate-a"]]);
  });

  it("lets a request through at once when its gate was opened before it arrived", async () => {
    const fake = await fakeServer({
      scenario: { rules: [{ hold: "gate-b", reply: { content: "Straight through." } }] },
    });

    expect(fake.openGate("gate-b")).toBe(0);
    // A held request would run into this timeout instead of answering.
    const completion = await sdkFor(fake, { timeout: 1_000 }).chat.completions.create(question);
    expect(completion.choices[0].message.content).toBe("Straight through.");
    expect(fake.requests()[0].heldBy).toBe("gate-b");
  });

  it("opens only the gate named, so parallel tests keep their held requests apart", async () => {
    const rules: FakeRule[] = [
      { match: { lastMessageIncludes: "test-x" }, hold: "gate-x", reply: { content: "for x" } },
      { match: { lastMessageIncludes: "test-y" }, hold: "gate-y", reply: { content: "for y" } },
    ];
    const fake = await fakeServer({ scenario: { rules } });
    const ask = (text: string) =>
      tracked(sdkFor(fake).chat.completions.create({ model: "m", messages: userSays(text) }));

    const x = ask("test-x");
    const y = ask("test-y");
    await expect.poll(() => [fake.waitingAt("gate-x"), fake.waitingAt("gate-y")]).toEqual([1, 1]);

    expect(fake.openGate("gate-x")).toBe(1);
    expect((await x.result).choices[0].message.content).toBe("for x");
    expect(await stillPending(y)).toBe(true);
    expect(fake.openGate("gate-y")).toBe(1);
    expect((await y.result).choices[0].message.content).toBe("for y");
  });

  it("releases a held streaming request on POST /__fake/gates/open and reports how many were waiting", async () => {
    const fake = await fakeServer();
    const control = new URL("/__fake/", fake.url);
    const rule: FakeRule = { id: "stream-held", hold: "gate-http", reply: { content: "Streamed after the gate." } };
    expect((await post(new URL("rules", control), { rules: [rule] })).status).toBe(200);

    const call = tracked(
      (async () => {
        let text = "";
        const stream = await sdkFor(fake).chat.completions.create({ ...question, stream: true });
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
        return text;
      })(),
    );
    const heldBy = async () =>
      ((await (await fetch(new URL("requests", control))).json()) as { requests: RecordedRequest[] }).requests[0]
        ?.heldBy;
    await expect.poll(heldBy).toBe("gate-http");
    expect(await stillPending(call)).toBe(true);

    const opened = await post(new URL("gates/open", control), { gate: "gate-http" });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ ok: true, gate: "gate-http", waiting: 1 });
    expect(await call.result).toBe("Streamed after the gate.");

    expect(await (await post(new URL("gates/open", control), { gate: "gate-http" })).json()).toEqual({
      ok: true,
      gate: "gate-http",
      waiting: 0,
    });
  });

  it("refuses a bad gate body or hold with 400 and says what is wrong", async () => {
    const fake = await fakeServer();
    const openUrl = new URL("/__fake/gates/open", fake.url);

    const bad: [unknown, RegExp][] = [
      [{}, /received undefined\s+→ at gate/],
      [{ gate: "" }, />=1 characters\s+→ at gate/],
      [{ gate: 42 }, /received number\s+→ at gate/],
      [{ gate: "g".repeat(201) }, /<=200 characters\s+→ at gate/],
      [{ gate: "g", extra: true }, /Unrecognized key: "extra"/],
    ];
    for (const [body, problem] of bad) {
      const response = await post(openUrl, body);
      expect(response.status).toBe(400);
      const message = (await response.json()).error.message as string;
      expect(message).toContain("the body must be { gate: string }");
      expect(message).toMatch(problem);
    }
    expect((await post(openUrl, "{not json")).status).toBe(400);
    expect((await fetch(openUrl)).status).toBe(404);
    expect((await (await fetch(new URL("/__fake/unknown", fake.url))).json()).error.message).toContain(
      "POST /__fake/gates/open",
    );
    expect(() => fake.openGate("")).toThrow(/gate name/);

    const rulesUrl = new URL("/__fake/rules", fake.url);
    expect((await post(rulesUrl, { rules: [{ hold: "", reply: { content: "x" } }] })).status).toBe(400);
    const holdOnly = await post(rulesUrl, { rules: [{ hold: "gate-c" }] });
    expect(holdOnly.status).toBe(400);
    expect((await holdOnly.json()).error.message).toContain("a rule needs a reply or a fault");
  });

  it("forgets a request whose client gave up while it was held", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ hold: "gate-gone", reply: { content: "too late" } }] } });
    const controller = new AbortController();

    const call = sdkFor(fake)
      .chat.completions.create(question, { signal: controller.signal })
      .catch((error: unknown) => error);
    await expect.poll(() => fake.waitingAt("gate-gone")).toBe(1);
    controller.abort();
    expect(await call).toBeInstanceOf(APIUserAbortError);

    await expect.poll(() => fake.waitingAt("gate-gone")).toBe(0);
    expect(fake.openGate("gate-gone")).toBe(0);
  });

  it("closes every gate on reset, without releasing the requests already held", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ hold: "gate-r", reply: { content: "through" } }] } });
    const resetOverHttp = () => post(new URL("/__fake/reset", fake.url), {});

    fake.openGate("gate-r");
    expect((await sdkFor(fake, { timeout: 1_000 }).chat.completions.create(question)).choices[0].message.content).toBe(
      "through",
    );

    fake.reset();
    const held = await heldRequest(fake, "gate-r");
    expect((await resetOverHttp()).status).toBe(200);
    expect(await stillPending(held)).toBe(true);
    expect(fake.openGate("gate-r")).toBe(1);
    expect(await held.result).toBe("through");

    await resetOverHttp();
    const heldAgain = await heldRequest(fake, "gate-r");
    expect(fake.openGate("gate-r")).toBe(1);
    expect(await heldAgain.result).toBe("through");
  });

  it("closes at once with a held request in flight, ending its wait", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ hold: "gate-close", reply: { content: "never" } }] } });
    const held = await heldRequest(fake, "gate-close");

    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await held.result.catch((error: unknown) => error)).toBeInstanceOf(Error);
    expect(fake.waitingAt("gate-close")).toBe(0);
  });
});

describe("Gates", () => {
  it("resolves a wait with true when its gate opens and false when it is aborted, counting only live waits", async () => {
    const gates = new Gates();
    const leaving = new AbortController();
    const staying = gates.wait("g", new AbortController().signal);
    const aborted = gates.wait("g", leaving.signal);
    expect(gates.waiting("g")).toBe(2);

    leaving.abort();
    expect(await aborted).toBe(false);
    expect(gates.waiting("g")).toBe(1);
    expect(gates.isOpen("g")).toBe(false);
    expect(gates.open("g")).toBe(1);
    expect(await staying).toBe(true);
    expect(gates.isOpen("g")).toBe(true);
    expect(await gates.wait("g", new AbortController().signal)).toBe(true);
    expect(await gates.wait("other", AbortSignal.abort())).toBe(false);

    gates.reset();
    expect(gates.isOpen("g")).toBe(false);
  });

  it("ends every wait with false on abortAll, as a closing server needs", async () => {
    const gates = new Gates();
    const waits = [gates.wait("a", new AbortController().signal), gates.wait("b", new AbortController().signal)];
    gates.abortAll();
    expect(await Promise.all(waits)).toEqual([false, false]);
    expect(gates.open("a") + gates.open("b")).toBe(0);
  });
});
