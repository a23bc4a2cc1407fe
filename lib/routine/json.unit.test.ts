import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportRoutineJson, importRoutineJson, type ImportResult } from "./json";
import { findJsonError, lineColumn } from "./json-scan";
import { arbitraryRoutine } from "./testing/arbitrary";
import { makeRoutine } from "./testing/factories";
import { LEAVE_REQUEST_PAPER_JSON, LEAVE_REQUEST_TEXT } from "./testing/paper-example";
import { parseRoutineText } from "./text-parse";

const errorsOf = (result: ImportResult) => {
  if (result.ok) throw new Error("expected errors");
  return result.errors;
};

describe("exportRoutineJson", () => {
  it("writes pretty JSON with keys in a stable order, whatever order the object was built in", () => {
    const routine = makeRoutine();
    const reversed = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reversed);
      if (value === null || typeof value !== "object") return value;
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([key, item]) => [key, reversed(item)]),
      );
    };
    const text = exportRoutineJson(routine);
    expect(text.startsWith('{\n  "schemaVersion": 2,\n  "id": "leave_request",\n  "name": "Apply for leave",')).toBe(
      true,
    );
    expect(text.endsWith("}\n")).toBe(true);
    expect(exportRoutineJson(reversed(routine) as typeof routine)).toBe(text);
  });

  it("round-trips every generated routine through importRoutineJson", () => {
    fc.assert(
      fc.property(arbitraryRoutine({ maxSteps: 10 }), (routine) => {
        const result = importRoutineJson(exportRoutineJson(routine));
        expect(result.ok && result.routine).toEqual(routine);
      }),
      { numRuns: 150 },
    );
  });
});

describe("importRoutineJson", () => {
  it("maps JSON syntax errors to line and column", () => {
    expect(errorsOf(importRoutineJson('{\n  "id": "x",\n  "name": tru\n}'))).toEqual([
      { line: 3, column: 11, message: expect.stringMatching(/not valid JSON: Unexpected 't'/) },
    ]);
    expect(errorsOf(importRoutineJson('{\r\n  "a": 1,\r\n}'))[0]).toMatchObject({
      line: 3,
      column: 1,
      message: expect.stringMatching(/comma too many/),
    });
    expect(errorsOf(importRoutineJson('{"a": "line\nbreak"}'))[0]).toMatchObject({
      line: 1,
      column: 12,
      message: expect.stringMatching(/\\n/),
    });
    expect(errorsOf(importRoutineJson("[1, 2"))[0]).toMatchObject({
      line: 1,
      column: 6,
      message: expect.stringMatching(/']' is missing/),
    });
    expect(errorsOf(importRoutineJson(""))[0]).toMatchObject({
      line: 1,
      column: 1,
      message: expect.stringMatching(/ends too early/),
    });
  });

  it("maps schema errors to readable paths at their place in the file", () => {
    const routine = makeRoutine();
    const broken = exportRoutineJson({
      ...routine,
      steps: [{ ...routine.steps[0], name: "" }, ...routine.steps.slice(1)],
    }).replace('"id": "check"', '"id": "bad id"');
    const errors = errorsOf(importRoutineJson(broken));
    const lines = broken.split("\n");
    const idLine = lines.findIndex((line) => line.includes('"bad id"')) + 1;
    const nameLine = lines.findIndex((line) => line.includes('"name": ""')) + 1;
    expect(errors).toEqual([
      { line: idLine, column: 13, message: "steps[0].id: Use 1–64 letters, digits, '-' or '_'." },
      { line: nameLine, column: 15, message: "steps[0].name: Give it a name." },
    ]);
  });

  it("points at the nearest existing value when a field is missing", () => {
    const errors = errorsOf(
      importRoutineJson(
        '{\n  "schemaVersion": 2,\n  "id": "r",\n  "name": "R",\n  "steps": [\n    { "id": "a", "kind": "tool", "name": "A" }\n  ],\n  "edges": []\n}',
      ),
    );
    expect(errors).toEqual([{ line: 6, column: 5, message: expect.stringMatching(/^steps\[0\]\.tool: /) }]);
  });

  it("refuses files over 5,000,000 characters quickly", () => {
    const started = performance.now();
    const errors = errorsOf(importRoutineJson(" ".repeat(5_000_001)));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(errors[0].message).toMatch(/5,000,001 characters long; Routine Studio imports at most 5,000,000/);
  });

  it("accepts a byte-order mark and says when it migrated an older version", () => {
    const { schemaVersion: _version, ...v1 } = makeRoutine();
    const result = importRoutineJson(`\uFEFF${JSON.stringify(v1)}`);
    expect(result.ok && result.migratedFrom).toBe(1);
    expect(result.ok && result.format).toBe("routine");
  });

  it("refuses a routine from a newer Routine Studio", () => {
    expect(errorsOf(importRoutineJson('{\n  "schemaVersion": 9\n}'))).toEqual([
      {
        line: 2,
        column: 20,
        message: expect.stringMatching(
          /^schemaVersion: This routine was made by a newer Routine Studio \(schema version 9\)/,
        ),
      },
    ]);
  });

  it("never throws on deep nesting or odd input", () => {
    for (const input of [
      "[".repeat(100_000),
      `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      "null",
      "42",
      '"text"',
      "[]",
      undefined as unknown as string,
    ]) {
      expect(() => importRoutineJson(input)).not.toThrow();
      expect(importRoutineJson(input).ok).toBe(false);
    }
  });
});

describe("importRoutineJson: the paper's JSON form", () => {
  it("reads it as the same routine the paper text gives", () => {
    const fromJson = importRoutineJson(JSON.stringify(LEAVE_REQUEST_PAPER_JSON, null, 2), {
      defaultServer: "hr",
      name: "Apply for leave",
    });
    const fromText = parseRoutineText(LEAVE_REQUEST_TEXT, { defaultServer: "hr" });
    if (!fromJson.ok || !fromText.ok) throw new Error("both parse");
    expect(fromJson.format).toBe("paper");
    expect({ ...fromJson.routine, description: "" }).toEqual({ ...fromText.routine, description: "" });
  });

  it("makes a finish step without a tool an end step", () => {
    const result = importRoutineJson(
      JSON.stringify([
        { step: 1, name: "Ask", description: "ask", tool: null, type: "node" },
        { step: 2, name: "Done", description: "all done", tool: null, type: "finish" },
      ]),
    );
    expect(result.ok && result.routine.steps.map((step) => [step.id, step.kind, step.description])).toEqual([
      ["s1", "skill", "ask"],
      ["s2", "end", "all done"],
    ]);
    expect(result.ok && result.routine.edges.map((edge) => edge.id)).toEqual(["s1-s2"]);
  });

  it("reports bad items where they are", () => {
    const text = JSON.stringify(
      [
        { step: "1", name: "A", type: "node" },
        { step: "9-1_1", name: "B", type: "branchnode" },
        { step: "x", name: "C", type: "teleport" },
      ],
      null,
      2,
    );
    const errors = errorsOf(importRoutineJson(text));
    expect(errors.map((issue) => [issue.line, issue.message])).toEqual([
      [8, expect.stringMatching(/^Item 2: Branch 9-1 belongs under Step 9/)],
      [15, expect.stringMatching(/^Item 3: type must be one of node, branch, branchnode, finish/)],
    ]);
  });
});

describe("findJsonError", () => {
  it("finds an error exactly when JSON.parse fails", () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc
        .json()
        .chain((text) =>
          fc
            .tuple(fc.nat(text.length), fc.constantFrom("", ",", "}", "]", '"', "\\", "\n", "x", "{", "-", "1e", "tru"))
            .map(([at, insert]) => text.slice(0, at) + insert + text.slice(at + 1)),
        ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(findJsonError(text) === undefined).toBe(valid);
      }),
      { numRuns: 500 },
    );
  });

  it("counts \\r\\n, \\r and \\n as one line break each", () => {
    expect(lineColumn("a\r\nb\rc\nd", 7)).toEqual({ line: 4, column: 1 });
  });
});
