/**
 * Words no routine has: procedure memory ranks every published routine (other tests' too), so a request made of
 * them fits only the routines a test describes with them, or none.
 */
export function madeUpWords(count: number): string[] {
  const letters = "bcdfghjklmnpqrstvwxz";
  return Array.from({ length: count }, () =>
    Array.from({ length: 9 }, () => letters[Math.floor(Math.random() * letters.length)]).join(""),
  );
}
