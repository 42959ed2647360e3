// The floor for `rfc check --diagrams`: load jsdom and Mermaid, then mermaid.parse() each
// diagram text, in one Node process, nothing else (no files found, no blocks extracted, no
// positions mapped, no Python).
//
//   node benchmarks/mermaid_parse_floor.mjs NODE_MODULES TEXTS.json
//
// TEXTS.json is a JSON list of diagram texts. Prints "<parsed> parsed, <rejected> rejected".
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, textsFile] = process.argv.slice(2);
const { JSDOM } = createRequire(join(modules, 'noop.js'))('jsdom');
globalThis.window = new JSDOM('').window; // as rfc_template/node/check-diagrams.mjs (see tests/diagrams/)
globalThis.Option = globalThis.window.Option;
const { default: mermaid } = await import(pathToFileURL(join(modules, 'mermaid', 'dist', 'mermaid.core.mjs')).href);
mermaid.initialize({ startOnLoad: false, logLevel: 'fatal' });
let parsed = 0;
let rejected = 0;
for (const text of JSON.parse(readFileSync(textsFile, 'utf8'))) {
  try {
    await mermaid.parse(text);
    parsed++;
  } catch {
    rejected++;
  }
}
process.stdout.write(`${parsed} parsed, ${rejected} rejected\n`);
