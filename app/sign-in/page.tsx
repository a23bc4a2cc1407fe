import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthPageFrame } from "@/components/auth/auth-page-frame";
import { DemoAccounts } from "@/components/auth/demo-accounts";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Alert } from "@/components/ui";
import { safeRedirectPath } from "@/lib/access";
import { getViewer } from "@/lib/session";
import { demoAccounts } from "@/lib/demo/seed";
import { signInAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

const REASONS: Record<string, { tone: "info" | "warning"; text: string }> = {
  expired: { tone: "warning", text: "Your session has expired. Sign in again to continue." },
  "signed-out": { tone: "info", text: "You have signed out." },
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const next = typeof params.next === "string" ? safeRedirectPath(params.next) : undefined;
  if (await getViewer()) redirect(next ?? "/");
  const reason = typeof params.reason === "string" ? REASONS[params.reason] : undefined;
  const accounts = demoAccounts();
  return (
    <AuthPageFrame
      title="Sign in"
      subtitle="Use the account your administrator set up for you."
      aside={accounts.length > 0 ? <DemoAccounts accounts={accounts} /> : null}
    >
      {reason ? (
        <Alert tone={reason.tone} testId="sign-in-notice">
          {reason.text}
        </Alert>
      ) : null}
      <SignInForm action={signInAction} next={next && next !== "/" ? next : undefined} />
    </AuthPageFrame>
  );
}
