import { describe, expect, it } from "vitest";
import { fakeServer, sdkFor } from "./support";

// The embeddings endpoint through the official SDK: the wire protocol a real client speaks, base64 and float alike.

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i], 0);

describe("POST /v1/embeddings", () => {
  it("answers the SDK's default base64 request and a float request with the same unit vectors", async () => {
    const fake = await fakeServer();
    const client = sdkFor(fake);
    const texts = ["Request sick leave for tomorrow", "sick leave request", "Reset my laptop password"];

    const decoded = await client.embeddings.create({ model: "fake-embed", input: texts });
    const floats = await client.embeddings.create({ model: "fake-embed", input: texts, encoding_format: "float" });

    expect(decoded.data.map((item) => item.index)).toEqual([0, 1, 2]);
    expect(decoded.model).toBe("fake-embed");
    expect(decoded.usage.prompt_tokens).toBeGreaterThan(0);
    const [sick, leave, password] = floats.data.map((item) => item.embedding);
    expect(sick).toHaveLength(64);
    expect(cosine(sick, sick)).toBeCloseTo(1, 5);
    expect(cosine(sick, leave)).toBeGreaterThan(cosine(sick, password));
    // base64 carries float32: the same vector within float32 precision.
    decoded.data[0].embedding.forEach((value, i) => expect(value).toBeCloseTo(sick[i], 5));
    expect(fake.requests()[0].body).toMatchObject({ encoding_format: "base64" });
  });

  it("uses scripted vectors and dimensions, and refuses an empty input like the real API", async () => {
    const fake = await fakeServer({
      scenario: { rules: [], embeddings: { dimensions: 8, vectors: [{ inputIncludes: "unwell", vector: [1, 0] }] } },
    });
    const client = sdkFor(fake);
    const answer = await client.embeddings.create({
      model: "m",
      input: ["I feel UNWELL today", "other text"],
      encoding_format: "float",
    });
    expect(answer.data[0].embedding).toEqual([1, 0]);
    expect(answer.data[1].embedding).toHaveLength(8);
    await expect(client.embeddings.create({ model: "m", input: "" })).rejects.toMatchObject({ status: 400 });
  });

  it("fails as scripted: an HTTP error, or a request that never gets an answer", async () => {
    const fake = await fakeServer({ scenario: { rules: [], embeddings: { fault: { kind: "http", status: 503 } } } });
    const client = sdkFor(fake);
    await expect(client.embeddings.create({ model: "m", input: "hello" })).rejects.toMatchObject({ status: 503 });

    fake.setScenario({ rules: [], embeddings: { fault: { kind: "hang" } } });
    const started = Date.now();
    await expect(sdkFor(fake, { timeout: 300 }).embeddings.create({ model: "m", input: "hello" })).rejects.toThrow(
      /timed out/i,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
