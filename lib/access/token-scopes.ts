import { z } from "zod";
import type { RoleList } from "./policy";
import { COMMENTER_ROLES, RUN_CONTROL_ROLES } from "./role-groups";
import type { Role } from "./roles";

/**
 * What a personal API token may be used for, one scope per kind of thing a client does through the routes that
 * accept tokens. A route names the one scope it needs (lib/api `authenticateRequest`); a token without it is refused
 * there with 403. A scope never grants what the owner's roles do not: the DAL checks the roles after it, as for a
 * session, so a token can only do less than its owner.
 */
export const TOKEN_SCOPES = ["runs:read", "runs:start", "evaluations:export"] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number];

export type TokenScopeInfo = {
  /** What the scope lets a client do, as the tokens page names it. */
  label: string;
  description: string;
  /** The routes that need it, for the page and the README. */
  routes: readonly string[];
  /** The roles under which it means anything: only holders of one of them may put it on a token. */
  roles: RoleList;
};

export const TOKEN_SCOPE_INFO: Record<TokenScope, TokenScopeInfo> = {
  "runs:read": {
    label: "Read runs",
    description: "A run's status, inputs and outputs, its live events, and live status changes of the runs list.",
    routes: ["GET /api/runs/<id>", "GET /api/runs/<id>/events", "GET /api/runs/events"],
    // Authors see the runs they started and those of routines they own (lib/runs/operations run visibility).
    roles: ["author", "operator", "admin"],
  },
  "runs:start": {
    label: "Start runs",
    description: "Start a run of a published routine, or from a request in words.",
    routes: ["POST /api/runs"],
    roles: RUN_CONTROL_ROLES,
  },
  "evaluations:export": {
    label: "Export training data",
    description: "Download succeeded runs and passed evaluation cases as fine-tuning JSONL.",
    routes: ["GET /api/evaluations/export"],
    // The training-data export's roles (lib/db/evals EXPORT_ROLES).
    roles: COMMENTER_ROLES,
  },
};

/** What tokens created before scopes existed may do: what every token could do then (the column's default). */
export const LEGACY_TOKEN_SCOPES: readonly TokenScope[] = ["runs:read", "runs:start"];

export const tokenScopeSchema = z.enum(TOKEN_SCOPES, {
  message: `A scope must be one of: ${TOKEN_SCOPES.join(", ")}.`,
});

/** The scopes a holder of `roles` may put on a token, in the canonical order. */
export function scopesAllowedFor(roles: readonly Role[]): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => TOKEN_SCOPE_INFO[scope].roles.some((role) => roles.includes(role)));
}

/** `scopes` de-duplicated in the canonical order. */
export function canonicalScopes(scopes: readonly TokenScope[]): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => scopes.includes(scope));
}

/**
 * The scopes stored on a token (a JSON array of names). Fails closed: unknown names are dropped, and anything that is
 * not a JSON array grants nothing.
 */
export function parseTokenScopes(stored: string): TokenScope[] {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return TOKEN_SCOPES.filter((scope) => value.includes(scope));
}

/** The refusal of a token that lacks `scope`, naming it and what it is for. */
export function missingScopeMessage(scope: TokenScope): string {
  return (
    `This API token lacks the scope "${scope}" (${TOKEN_SCOPE_INFO[scope].label}), which this route needs. ` +
    "Create a token with that scope under API tokens."
  );
}
