import { Card, CardBody } from "@/components/ui";

type DemoAccount = { email: string; password: string; roles: string[] };

/** Shown on the sign-in page in demo mode only, so a visitor can try each role. */
export function DemoAccounts({ accounts }: { accounts: DemoAccount[] }) {
  return (
    <Card className="bg-surface-muted/60" data-testid="demo-accounts">
      <CardBody className="space-y-2">
        <p className="text-sm font-medium text-foreground">Demo accounts</p>
        <ul className="space-y-1 text-xs text-muted">
          {accounts.map((account) => (
            <li key={account.email} className="flex flex-wrap justify-between gap-x-3 font-mono">
              <span>{account.email}</span>
              <span>{account.password}</span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted">For the demo only: production installs seed no demo users.</p>
      </CardBody>
    </Card>
  );
}
