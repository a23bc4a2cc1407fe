import type { Role } from "./roles";

/** The app's top-level sections: who sees each one in the navigation and may open it. */
export type SectionId = "routines" | "runs" | "tools" | "evaluations" | "settings";

export type Section = {
  id: SectionId;
  label: string;
  href: `/${string}`;
  roles: readonly Role[];
  /** One sentence on what lives here, shown in the empty state. */
  purpose: string;
  /** Who does what here, shown in the empty state. */
  whoMayUse: string;
};

export const SECTIONS: readonly Section[] = [
  {
    id: "routines",
    label: "Routines",
    href: "/routines",
    roles: ["author", "reviewer", "operator", "admin"],
    purpose:
      "The routine library: step-by-step plans that an agent follows to call your tools, drawn on a canvas and reviewed before they are published.",
    whoMayUse: "Authors draw and edit routines, reviewers approve them, everyone signed in may read them.",
  },
  {
    id: "runs",
    label: "Runs",
    href: "/runs",
    roles: ["operator", "author", "admin"],
    purpose: "Every execution of a published routine, with each step lighting up live as the agent works.",
    whoMayUse: "Operators start runs, step in and approve human steps; authors watch runs of their routines.",
  },
  {
    id: "tools",
    label: "Tools",
    href: "/tools",
    roles: ["author", "reviewer", "operator", "admin"],
    purpose: "The MCP tool servers your routines call, and the catalog of tools each one offers.",
    whoMayUse: "Admins register tool servers; everyone signed in may browse the catalog.",
  },
  {
    id: "evaluations",
    label: "Evaluations",
    href: "/evaluations",
    roles: ["author", "reviewer", "admin"],
    purpose: "Test suites that measure each routine's tool-call accuracy before it is published.",
    whoMayUse: "Authors write test cases, reviewers read the scores when they approve a routine.",
  },
  {
    id: "settings",
    label: "Settings",
    href: "/settings",
    roles: ["admin"],
    purpose: "Users and roles, model endpoints, procedure memory thresholds, and the audit log of who did what.",
    whoMayUse: "Admins only.",
  },
];

export function getSection(id: SectionId): Section {
  const section = SECTIONS.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`Unknown section ${id}`);
  return section;
}

/** The sections a user holding `roles` sees in the navigation, in display order. */
export function sectionsFor(roles: readonly Role[]): Section[] {
  return SECTIONS.filter((section) => section.roles.some((role) => roles.includes(role)));
}

export function canOpenSection(id: SectionId, roles: readonly Role[]): boolean {
  return getSection(id).roles.some((role) => roles.includes(role));
}
