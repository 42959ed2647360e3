// Judge the corpus with mermaid.parse() in plain Node (no browser), using jsdom.
//
//   node tests/diagrams/parse_with_node.mjs NODE_MODULES [--json OUT] [FILE...]
//
// NODE_MODULES is a node_modules folder holding mermaid (11.17.2 here) and jsdom
// (29.x; jsdom is not a dependency of this project: `npm install jsdom` somewhere).
// All it takes are two globals, set BEFORE mermaid is imported:
//   globalThis.window = new JSDOM('').window  -- Mermaid's DOMPurify binds to the global
//       window when it loads; without one every flowchart/class/state/... parse fails
//       with "DOMPurify.addHook is not a function" (sequence and pie still parse).
//   globalThis.Option = window.Option  -- sequenceDiagram's `box <colour> <title>` checks
//       the colour with CSS.supports(), which jsdom lacks, then falls back to
//       `new Option().style`; without it: "Option is not defined".
// No `document`, no DOMPurify global, no canvas.
//
// Parse only: mermaid.render() needs SVG layout (getBBox) that jsdom does not do,
// so invalid-at-render/ files are NOT caught here (they are all accepted by parse).
// Expectations per folder are those of verify_with_mermaid.py's parse step:
// valid/ and invalid-at-render/ must parse, invalid/ must not.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const [modules, ...given] = args;
if (!modules) {
  console.error('usage: node parse_with_node.mjs NODE_MODULES [--json OUT] [FILE...]');
  process.exit(2);
}

const t0 = performance.now();
const { JSDOM } = (await import(pathToFileURL(resolve(modules, 'jsdom/lib/api.js')))).default;
globalThis.window = new JSDOM('').window; // for DOMPurify, bound when mermaid loads
globalThis.Option = globalThis.window.Option; // for sequenceDiagram `box` colours
const { default: mermaid } = await import(pathToFileURL(resolve(modules, 'mermaid/dist/mermaid.core.mjs')));
mermaid.initialize({ startOnLoad: false });
const loaded = performance.now();

const folders = { valid: true, 'invalid-at-render': true, invalid: false }; // must parse?
const files = given.length
  ? given.map((f) => resolve(f))
  : Object.keys(folders).flatMap((d) => {
      try {
        return readdirSync(join(here, d)).filter((f) => f.endsWith('.mmd')).sort().map((f) => join(here, d, f));
      } catch {
        return [];
      }
    });

const results = [];
let wrong = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const shouldParse = folders[basename(dirname(file))] ?? true;
  const v = { file: relative(here, file), parsed: false, parseError: null, diagramType: null };
  const start = performance.now();
  try {
    v.diagramType = (await mermaid.parse(text)).diagramType;
    v.parsed = true;
  } catch (e) {
    v.parseError = String(e?.message ?? e?.str ?? e);
  }
  v.ms = +(performance.now() - start).toFixed(1);
  v.ok = v.parsed === shouldParse;
  wrong += !v.ok;
  results.push(v);
  if (!v.ok) console.log(`FAIL ${v.file}: ${v.parsed ? 'parse accepted it' : v.parseError.split('\n')[0]}`);
}
const end = performance.now();
console.log(
  `node ${process.version}: ${results.length} files, ${results.length - wrong} as expected, ${wrong} not; ` +
    `loading jsdom + mermaid ${(loaded - t0).toFixed(0)} ms, parsing ${(end - loaded).toFixed(0)} ms`,
);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ node: process.version, results }, null, 1));
process.exit(wrong ? 1 : 0);
