import type { ReactNode } from "react";
import { Brand } from "@/components/shell/brand";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Card, CardBody } from "@/components/ui";

/** The centred frame of the pages seen before signing in. */
export function AuthPageFrame({
  title,
  subtitle,
  children,
  aside,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <Brand size="lg" />
      <div className="w-full max-w-sm space-y-4">
        <Card>
          <CardBody className="space-y-5 px-6 py-6">
            <div>
              <h1 className="text-lg font-semibold text-foreground" data-testid="page-title">
                {title}
              </h1>
              {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
            </div>
            {children}
          </CardBody>
        </Card>
        {aside}
      </div>
    </main>
  );
}
