import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ModelNotice } from "./model-notice";

// Whether an executor model resolves, as Settings → Models or the environment configure it.
const resolveLlmConfig = vi.hoisted(() => vi.fn());
vi.mock("@/lib/db/llm", () => ({ resolveLlmConfig }));

const render = async (props: Parameters<typeof ModelNotice>[0]) => renderToStaticMarkup(await ModelNotice(props));
const CONFIGURED = { role: "executor", baseUrl: "http://models.example/v1", model: "gpt-test", source: "environment" };

afterEach(() => resolveLlmConfig.mockReset());

describe("the notice that no model is configured", () => {
  it("tells an admin what to set, with a link to Settings → Models", async () => {
    resolveLlmConfig.mockResolvedValue(null);
    const html = await render({ canConfigure: true });
    expect(resolveLlmConfig).toHaveBeenCalledWith("executor");
    expect(html).toContain("No model is configured");
    expect(html).toContain("Suites in agent and baseline mode need one");
    expect(html).toMatch(/<a [^>]*href="\/settings\/models"[^>]*>Settings → Models<\/a>/);
    expect(html).toContain("OPENAI_EXECUTOR_MODEL");
  });

  it("tells anyone else to ask an admin, with no link to a page they may not open", async () => {
    resolveLlmConfig.mockResolvedValue(null);
    const html = await render({ canConfigure: false });
    expect(html).toContain("Ask an admin to set the executor model in Settings → Models.");
    expect(html).not.toContain("href=");
  });

  it("counts a saved key that cannot be read as not configured", async () => {
    resolveLlmConfig.mockRejectedValue(new Error("The saved model API key can no longer be decrypted"));
    expect(await render({ canConfigure: true })).toContain("No model is configured");
  });

  it("shows nothing when the executor model is configured", async () => {
    resolveLlmConfig.mockResolvedValue(CONFIGURED);
    expect(await render({ canConfigure: true })).toBe("");
  });

  it("shows nothing for a suite whose configurations are all workflow mode, which needs no model", async () => {
    resolveLlmConfig.mockResolvedValue(null);
    expect(await render({ canConfigure: true, modes: ["workflow", "workflow"] })).toBe("");
    expect(await render({ canConfigure: true, modes: ["workflow", "baseline"] })).toContain("No model is configured");
  });
});
