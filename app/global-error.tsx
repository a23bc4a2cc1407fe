"use client";

// The last resort when the root layout itself fails: plain markup, since the app's styles may be what broke.
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "4rem 1rem", textAlign: "center" }}>
        <h1>Routine Studio could not load</h1>
        <p>Something went wrong on our side. Nothing you saved was lost.</p>
        <button onClick={reset}>Try again</button>
      </body>
    </html>
  );
}
