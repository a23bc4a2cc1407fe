import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { ThemeProvider } from "@/components/shell/theme-provider";
import { NONCE_HEADER } from "@/lib/session";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Routine Studio", template: "%s · Routine Studio" },
  description: "Design, review and run the routines your agents follow.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f8f9fb" },
    { media: "(prefers-color-scheme: dark)", color: "#1b1d24" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The page's CSP nonce (proxy.ts), for next-themes' inline script that sets the theme before the first paint.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    // next-themes sets the theme class before hydration; the attribute differs from the server's on purpose.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <ThemeProvider nonce={nonce}>{children}</ThemeProvider>
      </body>
    </html>
  );
}
