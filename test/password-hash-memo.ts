// Demo passwords hashed once per test run, not once per test file. Seeding the demo users hashes four passwords with
// scrypt (about 0.2 s each on a 2-core machine), and about 150 test files seed: that was over a minute of every run.
// The memo keeps the real hash of the real function, so sign-in verifies it as it verifies any stored hash; it is
// keyed by better-auth's version, whose hash format a cached value must match. Used by the test set-up files only.
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Read from the file: better-auth does not export its package.json.
const manifest = path.join(import.meta.dirname, "..", "node_modules", "better-auth", "package.json");
const version = (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
const dir = path.join(tmpdir(), `routine-studio-test-password-hashes-${version}`);

/** `hash(password)`, from the memo when a test file of this or an earlier run hashed the same password. */
export async function memoizedHash(hash: (password: string) => Promise<string>, password: string): Promise<string> {
  const file = path.join(dir, createHash("sha256").update(password).digest("hex"));
  try {
    return readFileSync(file, "utf8");
  } catch {
    // Not hashed yet: hash it and keep it. Written to a temporary name first, so a parallel reader sees all or none.
  }
  const value = await hash(password);
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${randomUUID()}`;
  writeFileSync(partial, value);
  renameSync(partial, file);
  return value;
}
