// better-sqlite3 compiles SQLite from source on every `npm install` where no prebuilt binary can be downloaded
// (this machine reaches only the npm registry): a minute of one core on each fresh clone. Its installer,
// prebuild-install, looks in npm's cache (`<cache>/_prebuilds`) before it downloads. After an install that compiled,
// the binary is packed into that cache under the name prebuild-install itself computes (package version, Node ABI,
// platform, architecture), so the next install on this machine takes it in a second; prebuild-install loads the
// binary before accepting it, and anything it refuses is compiled as before. Built-ins only (this runs right after
// `npm install`; prebuild-install's own helpers then exist in node_modules).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import path from "node:path";

/** Addons built from source on install: npm package name → the binary its build leaves in the package folder. */
const ADDONS = { "better-sqlite3": "build/Release/better_sqlite3.node" };

/** Packs each addon binary the install left behind into npm's prebuild cache, unless one is already there. */
export function keepPrebuilds(root) {
  for (const [name, binary] of Object.entries(ADDONS)) {
    const dir = path.join(root, "node_modules", name);
    if (!existsSync(path.join(dir, binary))) continue;
    const file = cachedPrebuildPath(dir);
    if (!file || existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    const packed = spawnSync("tar", ["-czf", partial, "-C", dir, binary], { encoding: "utf8" });
    if (packed.status !== 0) {
      console.warn(
        `⚠ Could not keep the ${name} binary for later installs: ${(packed.stderr || packed.error?.message || "").trim()}`,
      );
      continue;
    }
    renameSync(partial, file);
    console.log(
      `✔ Kept the compiled ${name} binary for later installs on this machine (${file.replace(homedir(), "~")})`,
    );
  }
}

/** Where prebuild-install, run in the package folder `dir`, looks for a cached download; null when it cannot say. */
function cachedPrebuildPath(dir) {
  try {
    const require = createRequire(path.join(dir, "package.json"));
    const pkg = require("./package.json");
    const util = require("prebuild-install/util");
    const rc = require("prebuild-install/rc")(pkg);
    return util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
  } catch (error) {
    console.warn(
      `⚠ Could not tell where prebuild-install caches ${dir}: ${error instanceof Error ? error.message : error}`,
    );
    return null;
  }
}
