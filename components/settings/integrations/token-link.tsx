import Link from "next/link";

/** The link to Account → API tokens, where a user creates the token an MCP client sends. */
export function TokenLink({ children, testId }: { children: string; testId: string }) {
  return (
    <Link
      href="/account/tokens"
      className="font-medium text-accent underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
      data-testid={testId}
    >
      {children}
    </Link>
  );
}
