import { Workflow } from "lucide-react";

export function Brand({ size = "md" }: { size?: "md" | "lg" }) {
  return (
    <span className="flex items-center gap-2 font-semibold tracking-tight text-foreground">
      <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Workflow className="size-4.5" aria-hidden="true" />
      </span>
      <span className={size === "lg" ? "text-xl whitespace-nowrap" : "text-base whitespace-nowrap"}>
        Routine Studio
      </span>
    </span>
  );
}
