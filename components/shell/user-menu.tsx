import { KeyRound, LogOut } from "lucide-react";
import Link from "next/link";
import { Badge, Button } from "@/components/ui";
import { ROLE_INFO } from "@/lib/access";
import type { Viewer } from "@/lib/db/users";

/** Who is signed in, with which roles, and the way out. */
export function UserMenu({ viewer, signOutAction }: { viewer: Viewer; signOutAction: () => Promise<void> }) {
  return (
    <div className="flex items-center gap-2 sm:gap-3" data-testid="user-menu">
      <div className="hidden text-right sm:block">
        <p className="text-sm font-medium leading-tight text-foreground" data-testid="user-name">
          {viewer.name}
        </p>
        <p className="text-xs leading-tight text-muted">{viewer.email}</p>
      </div>
      <ul className="flex flex-wrap gap-1" aria-label="Your roles" data-testid="user-roles">
        {viewer.roles.length === 0 ? (
          <li>
            <Badge>no role</Badge>
          </li>
        ) : (
          viewer.roles.map((role) => (
            <li key={role}>
              <Badge tone="accent" title={ROLE_INFO[role].description} data-testid={`role-${role}`}>
                {ROLE_INFO[role].label}
              </Badge>
            </li>
          ))
        )}
      </ul>
      <Link
        href="/account/tokens"
        prefetch={false}
        className="inline-flex h-8 items-center gap-2 rounded-lg px-2 text-sm font-medium text-foreground hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="user-menu-tokens"
        aria-label="API tokens"
        title="Your API tokens"
      >
        <KeyRound className="size-4" aria-hidden="true" />
        <span className="hidden lg:inline">API tokens</span>
      </Link>
      <form action={signOutAction}>
        <Button type="submit" variant="ghost" size="sm" data-testid="sign-out" aria-label="Sign out">
          <LogOut className="size-4" aria-hidden="true" />
          <span className="hidden lg:inline">Sign out</span>
        </Button>
      </form>
    </div>
  );
}
