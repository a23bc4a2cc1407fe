import "server-only";
import type { z } from "zod";
import type { StdioCheck, toolServerInput } from "../../tools";
import { ValidationError } from "../core";
import type { ToolServer } from "../generated/prisma/client";
import { editHttpSecrets } from "./http-secrets";
import { checkStdio } from "./stdio-launch";
import { envKeysOf, sealEnv } from "./tool-server-records";

type Transport = z.infer<typeof toolServerInput>["transport"];

/** A stored secret a save removed because the server's destination changed (see serverColumns). */
export type DroppedSecret = "environment" | "token" | "urlCredentials";

/** The allowlist's refusals as the form's field errors, each beside the field an admin changes to fix it. */
function refusalErrors(check: Extract<StdioCheck, { ok: false }>): ValidationError {
  const fieldErrors: Record<string, string[]> = {};
  const { command, args, env } = check.refusals;
  // The form lists the allowed commands under the field; its error says only what is wrong.
  if (command)
    fieldErrors.command = [`${command.match(/^.*?\.(?=\s|$)/)?.[0] ?? command} Choose one of the allowed commands.`];
  if (args) fieldErrors.args = [args];
  if (env) fieldErrors.env = [env];
  return new ValidationError("Some fields need attention.", fieldErrors);
}

/**
 * The transport columns of a server being created (`existing` null) or edited, after the checks a save makes.
 * stdio: the command line and environment names must be what an allowlist entry accepts (refused field by field).
 * Secrets follow the destination: a changed command or arguments drop the stored environment, a changed URL the
 * stored token and URL credentials, unless the same save gives new ones; `dropped` names what went. Blank secrets
 * on an edit otherwise keep what is stored.
 */
export function serverColumns(
  existing: ToolServer | null,
  transport: Transport,
): { data: Partial<ToolServer>; dropped: DroppedSecret[] } {
  if (transport.kind === "http") {
    const http = editHttpSecrets(existing, transport);
    return {
      data: {
        transport: "http",
        url: http.url,
        tokenEncrypted: http.tokenEncrypted,
        command: null,
        args: "[]",
        envEncrypted: null,
      },
      dropped: http.dropped,
    };
  }
  const args = JSON.stringify(transport.args);
  const moved = existing?.transport !== "stdio" || existing.command !== transport.command || existing.args !== args;
  const keepStored = transport.env === undefined && !moved;
  const envNames = transport.env ? Object.keys(transport.env) : keepStored && existing ? envKeysOf(existing) : [];
  const check = checkStdio({ command: transport.command, args: transport.args, envNames });
  if (!check.ok) throw refusalErrors(check);
  const hadEnv = existing?.transport === "stdio" && existing.envEncrypted !== null;
  return {
    data: {
      transport: "stdio",
      command: transport.command,
      args,
      url: null,
      tokenEncrypted: null,
      ...(keepStored ? {} : { envEncrypted: sealEnv(transport.env ?? {}) }),
    },
    dropped: moved && hadEnv && transport.env === undefined ? ["environment"] : [],
  };
}
