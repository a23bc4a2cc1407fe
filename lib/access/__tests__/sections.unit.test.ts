import { describe, expect, it } from "vitest";
import type { Role } from "../roles";
import { canOpenSection, sectionsFor, type SectionId } from "../sections";

const idsFor = (roles: Role[]): SectionId[] => sectionsFor(roles).map((section) => section.id);

describe("sectionsFor: the navigation each role sees, in display order", () => {
  const cases: Array<[string, Role[], SectionId[]]> = [
    ["an author", ["author"], ["routines", "runs", "tools", "evaluations"]],
    ["a reviewer", ["reviewer"], ["routines", "tools", "evaluations"]],
    ["an operator", ["operator"], ["routines", "runs", "tools"]],
    ["an admin", ["admin"], ["routines", "runs", "tools", "evaluations", "settings"]],
    ["a user with no roles", [], []],
    ["a reviewer who is also an operator", ["reviewer", "operator"], ["routines", "runs", "tools", "evaluations"]],
    ["the same roles listed in another order", ["operator", "reviewer"], ["routines", "runs", "tools", "evaluations"]],
  ];

  it.each(cases)("%s sees exactly %j", (_who, roles, expected) => {
    expect(idsFor(roles)).toEqual(expected);
  });

  it("only admins see Settings", () => {
    for (const role of ["author", "reviewer", "operator"] as const) {
      expect(idsFor([role])).not.toContain("settings");
    }
  });

  it("each section links to its own page", () => {
    expect(sectionsFor(["admin"]).map((section) => section.href)).toEqual([
      "/routines",
      "/runs",
      "/tools",
      "/evaluations",
      "/settings",
    ]);
  });
});

describe("canOpenSection", () => {
  const cases: Array<[SectionId, Role[], boolean]> = [
    ["settings", ["author"], false],
    ["settings", ["reviewer", "operator"], false],
    ["settings", ["admin"], true],
    ["runs", ["reviewer"], false],
    ["runs", ["operator"], true],
    ["evaluations", ["operator"], false],
    ["evaluations", ["author"], true],
    ["routines", [], false],
    ["tools", [], false],
  ];

  it.each(cases)("%s with roles %j → %s", (section, roles, expected) => {
    expect(canOpenSection(section, roles)).toBe(expected);
  });

  it("agrees with the navigation for every role", () => {
    const all: SectionId[] = ["routines", "runs", "tools", "evaluations", "settings"];
    for (const role of ["author", "reviewer", "operator", "admin"] as const) {
      const visible = idsFor([role]);
      expect(all.filter((id) => canOpenSection(id, [role]))).toEqual(visible);
    }
  });
});
