import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { BareFlow } from "@/components/bench/bare-flow";

export const metadata: Metadata = { title: "Bare React Flow (benchmark)" };

/**
 * The baseline of `npm run bench:editor`: exists only when the server runs with ROUTINE_STUDIO_BENCH=1, so a
 * normal install answers 404. Outside the (app) and (designer) groups, so no sign-in is needed.
 */
export default async function BareFlowPage() {
  // Read the environment per request, not once at build time.
  await connection();
  if (process.env.ROUTINE_STUDIO_BENCH !== "1") notFound();
  return <BareFlow />;
}
