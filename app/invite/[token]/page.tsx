import type { Metadata } from "next";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { AuthPageFrame } from "@/components/auth/auth-page-frame";
import { Alert, ButtonLink } from "@/components/ui";
import { findInvitation } from "@/lib/db/users";
import { acceptInvitationAction } from "./actions";

export const metadata: Metadata = { title: "Accept invitation" };

const PROBLEMS = {
  expired: "This invitation has expired. Ask your admin for a new link.",
  used: "This invitation has already been used. Sign in with the password you chose.",
  unknown: "This invitation link is not valid. Check that you copied all of it, or ask your admin for a new one.",
} as const;

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(token);
  if (invitation.status !== "valid") {
    return (
      <AuthPageFrame title="Invitation">
        <Alert tone="warning" testId="invitation-problem">
          {PROBLEMS[invitation.status]}
        </Alert>
        <ButtonLink href="/sign-in" variant="secondary" className="w-full">
          Go to sign-in
        </ButtonLink>
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame
      title={`Welcome, ${invitation.name}`}
      subtitle={`Choose a password for ${invitation.email} to finish setting up your account.`}
    >
      <AcceptInvitationForm token={token} email={invitation.email} action={acceptInvitationAction} />
    </AuthPageFrame>
  );
}
