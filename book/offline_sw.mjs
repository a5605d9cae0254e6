// The book's service worker, generated with Workbox (workbox-build, pinned in package.json)
// when the book is built; book/offline.py runs this script with node:
//
//     node book/offline_sw.mjs <config.json>
//
// config.json holds Workbox's generateSW options (book/offline.py's workbox_config; the
// regular expressions as strings, in "ignoreURLParametersMatching") and "info", the path
// of the JSON file that tells the page how much the precache holds. This script
//   1. lists the precache (getManifest, the same files and limits) and writes the info
//      file, {"files": n, "bytes": total}, so that the file itself is precached with the
//      rest (its own few bytes are counted from the placeholder written before);
//   2. writes the service worker (generateSW): every file precached with its revision
//      hash, so a new build replaces what changed and drops the old cache;
//   3. prints {"files", "bytes", "warnings"} as JSON on its standard output.

import { readFileSync, writeFileSync } from "node:fs";
import { generateSW, getManifest } from "workbox-build";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { info, ...options } = config;
options.ignoreURLParametersMatching = (options.ignoreURLParametersMatching || []).map(
  (source) => new RegExp(source)
);

const listing = {
  globDirectory: options.globDirectory,
  globPatterns: options.globPatterns,
  globIgnores: options.globIgnores,
  maximumFileSizeToCacheInBytes: options.maximumFileSizeToCacheInBytes,
};

writeFileSync(info, JSON.stringify({ files: 0, bytes: 0 }));
const listed = await getManifest(listing);
writeFileSync(info, JSON.stringify({ files: listed.count, bytes: listed.size }));
const { count, size, warnings } = await generateSW(options);
process.stdout.write(JSON.stringify({ files: count, bytes: size, warnings }));
