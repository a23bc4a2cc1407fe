// better-sqlite3 compiles SQLite from source on every `npm install` where no prebuilt binary can be downloaded
// (this machine reaches only the npm registry): a minute of one core on each fresh clone. Its installer,
// prebuild-install, also takes a prebuilt binary from a local folder (`<package>_local_prebuilds`). After an
// install that compiled, the binary is packed there under the exact name prebuild-install asks for (package
// version, Node ABI, platform, architecture), so the next clean clone on this machine installs it in a second.
// prebuild-install loads the binary before accepting it; a mismatch falls back to compiling. Built-ins only.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache"), "routine-studio", "prebuilds");

/** Addons built from source on install: npm package name → the binary its build leaves in the package folder. */
const ADDONS = { "better-sqlite3": "build/Release/better_sqlite3.node" };

/** The environment that points each addon's prebuild-install at the local folder. */
export function prebuildEnv() {
  return Object.fromEntries(Object.keys(ADDONS).map((name) => [`npm_config_${name.replace(/[^a-zA-Z0-9]/g, "_")}_local_prebuilds`, CACHE]));
}

/** Packs each addon binary the install left behind into the local folder, unless one is already there. */
export function keepPrebuilds(root) {
  for (const [name, binary] of Object.entries(ADDONS)) {
    const dir = path.join(root, "node_modules", name);
    if (!existsSync(path.join(dir, binary))) continue;
    const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    // prebuild-install's default name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz (glibc: no libc part).
    const libc = process.report?.getReport().header.glibcVersionRuntime ? "" : "musl";
    const file = path.join(CACHE, `${name}-v${version}-node-v${process.versions.modules}-${process.platform}${libc}-${process.arch}.tar.gz`);
    if (existsSync(file)) continue;
    mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    const packed = spawnSync("tar", ["-czf", partial, "-C", dir, binary], { encoding: "utf8" });
    if (packed.status !== 0) {
      console.warn(`⚠ Could not keep the ${name} binary for later installs: ${(packed.stderr || packed.error?.message || "").trim()}`);
      continue;
    }
    renameSync(partial, file);
    console.log(`✔ Kept the compiled ${name} binary for later installs on this machine (${path.relative(homedir(), file)} in ~)`);
  }
}
