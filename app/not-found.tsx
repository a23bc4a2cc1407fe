import { Compass } from "lucide-react";
import { ButtonLink, EmptyState } from "@/components/ui";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-20">
      <EmptyState
        icon={Compass}
        title="Page not found"
        testId="not-found"
        action={<ButtonLink href="/">Go to Routine Studio</ButtonLink>}
      >
        <p>The page you asked for does not exist, or has moved.</p>
      </EmptyState>
    </main>
  );
}
