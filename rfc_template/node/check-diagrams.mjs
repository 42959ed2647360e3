#!/usr/bin/env node
// rfc-check-diagrams: every Mermaid diagram of the given files, parsed by Mermaid itself.
//
//   check-diagrams.mjs FILE...            one line per rejected diagram (the pre-commit hook)
//   check-diagrams.mjs --json [FILE...]   one JSON document (what `rfc check --diagrams` reads);
//                                         with no FILE, a JSON list of paths on standard input
//   check-diagrams.mjs --blocks FILE...   the ```mermaid blocks found, as JSON (for the tests)
//
// A `.mmd` file is one diagram, whole. Any other file is Markdown: each top-level fenced
// block (``` or ~~~, three or more, indented at most three spaces, outside HTML comments)
// whose info string's first word is `mermaid` is one diagram. All diagrams of all files
// are parsed in this one process with `mermaid.parse()` (parse only: no layout).
//
// A rejected diagram is reported where Mermaid says the mistake is, as a line of the file:
// Mermaid counts lines after removing the front matter, `%%{...}%%` directives and `%%`
// comment lines (mermaid 11.17.2, src/preprocess.ts); the same removals are replayed here
// to map its line back. Without a line in Mermaid's message, the diagram's first line.
//
// Text output: `path:line:col: RFC204 Mermaid: <Mermaid's message, first line>`; exit 0
// when every diagram parses, 1 when one does not, 2 when a file cannot be read or Node,
// mermaid or jsdom is missing (one line on stderr saying what and how to get it).
//
// Where mermaid and jsdom come from, each the first found (a folder holding the pinned
// version is preferred to one holding another version):
//   1. $RFC_MERMAID_MODULES: node_modules folders, separated by the path separator
//   2. the user cache that `rfc mermaid-setup` fills (rfc_template/mermaid.py):
//      <cache>/rfc-template/node/mermaid-<pinned>-jsdom-<pinned>/node_modules, <cache> being
//      $XDG_CACHE_HOME, else %LOCALAPPDATA% on Windows, else ~/.cache
//   3. from this script's own folder upwards, as Node resolves packages (a checkout of
//      rfc-template after `npm ci`; the environment pre-commit installs the hook into)
//   4. node_modules in the working directory or one of its parents
//   5. $NODE_PATH
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PINNED = { mermaid: '11.17.2', jsdom: '26.1.0' }; // = rfc_template/mermaid.py, package.json, .pre-commit-hooks.yaml
const NODE_MAJOR = 20;
const MAX_BYTES = 10 * 1024 * 1024; // as rfc check: an RFC is tens of kilobytes

/** The node_modules `rfc mermaid-setup` installs into (rfc_template/mermaid.py cache_folder()):
 *  in $XDG_CACHE_HOME (if absolute), else %LOCALAPPDATA% on Windows, else ~/.cache. */
function cacheFolder() {
  const { XDG_CACHE_HOME: xdg, LOCALAPPDATA: local } = process.env;
  const home = xdg && isAbsolute(xdg) ? xdg : process.platform === 'win32' && local ? local : join(homedir(), '.cache');
  return join(home, 'rfc-template', 'node', `mermaid-${PINNED.mermaid}-jsdom-${PINNED.jsdom}`, 'node_modules');
}

class Fatal extends Error {}

// --- where the packages are ----------------------------------------------------------

function candidateFolders() {
  const here = dirname(fileURLToPath(import.meta.url));
  const upwards = (start) => {
    const found = [];
    for (let folder = resolve(start); ; folder = dirname(folder)) {
      if (basename(folder) !== 'node_modules') found.push(join(folder, 'node_modules'));
      if (dirname(folder) === folder) return found;
    }
  };
  const list = (value) => (value || '').split(delimiter).filter(Boolean).map((f) => resolve(f));
  return [
    ...list(process.env.RFC_MERMAID_MODULES),
    cacheFolder(),
    ...upwards(here),
    ...upwards(process.cwd()),
    ...list(process.env.NODE_PATH),
  ];
}

function versionIn(folder, name) {
  try {
    return JSON.parse(readFileSync(join(folder, name, 'package.json'), 'utf8')).version ?? '?';
  } catch {
    return null;
  }
}

/** {name: {folder, version}} for mermaid and jsdom; a Fatal naming what is missing. */
function locatePackages() {
  const folders = [...new Set(candidateFolders())];
  const found = {};
  for (const name of Object.keys(PINNED)) {
    const present = folders.map((folder) => ({ folder, version: versionIn(folder, name) })).filter((p) => p.version);
    found[name] = present.find((p) => p.version === PINNED[name]) ?? present[0];
  }
  const missing = Object.keys(PINNED).filter((name) => !found[name]);
  if (missing.length) {
    throw new Fatal(
      `needs the npm packages mermaid@${PINNED.mermaid} and jsdom@${PINNED.jsdom}; ` +
        `${missing.join(' and ')} ${missing.length > 1 ? 'were' : 'was'} not found (looked in $RFC_MERMAID_MODULES, ` +
        `the user cache ${cacheFolder()}, the node_modules above ${dirname(fileURLToPath(import.meta.url))} and ` +
        `above the working directory, $NODE_PATH): rfc mermaid-setup installs them in that cache, ` +
        `or set RFC_MERMAID_MODULES to a node_modules folder that has them`,
    );
  }
  return found;
}

async function loadMermaid(found) {
  // Mermaid's DOMPurify binds to the global window when Mermaid loads; sequenceDiagram's
  // `box` colours need Option. Both must be set before the import (see tests/diagrams/).
  const jsdom = createRequire(join(found.jsdom.folder, 'noop.js'))('jsdom');
  globalThis.window = new jsdom.JSDOM('').window;
  globalThis.Option = globalThis.window.Option;
  const root = join(found.mermaid.folder, 'mermaid');
  const meta = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entry = meta.exports?.['.']?.import ?? meta.module ?? 'dist/mermaid.core.mjs';
  const { default: mermaid } = await import(pathToFileURL(join(root, entry)).href);
  mermaid.initialize({ startOnLoad: false, logLevel: 'fatal' });
  return mermaid;
}

// --- the diagrams of a file ----------------------------------------------------------

const MARKDOWN_FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/**
 * The diagrams of one file's text (newlines already \n): [{text, lines}], where
 * lines[i] = [file line, columns removed] of the diagram's line i + 1.
 */
function diagramsOf(text, isDiagramFile) {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  if (isDiagramFile) return [{ text, lines: lines.map((_, i) => [i + 1, 0]) }];
  const found = [];
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (inComment) {
      inComment = !line.includes('-->');
      continue;
    }
    if (/^ {0,3}<!--/.test(line)) {
      inComment = !line.includes('-->');
      continue;
    }
    const open = MARKDOWN_FENCE.exec(line);
    if (!open || (open[2][0] === '`' && open[3].includes('`'))) continue;
    const [, indent, fence, info] = open;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    if (info.trim().split(/\s+/)[0] === 'mermaid') {
      const body = lines.slice(i + 1, end).map((l, k) => {
        const cut = Math.min(indent.length, /^ */.exec(l)[0].length);
        return { text: l.slice(cut), at: [i + 2 + k, cut] };
      });
      found.push({ text: body.map((b) => `${b.text}\n`).join(''), lines: body.map((b) => b.at), fence: i + 1 });
    }
    i = end;
  }
  return found;
}

// Mermaid 11.17.2's preprocessing (src/preprocess.ts, diagram-api/frontmatter.ts,
// comments.ts, utils.ts): what it removes before its parsers count lines.
const FRONT_MATTER = /^([^\S\n\r]*)-{3}\s*[\n\r](.*?)[\n\r]\1-{3}\s*[\n\r]+/s;
const DIRECTIVE = /%{2}{\s*(?:(\w+)\s*:|(\w+))\s*(?:(\w+)|((?:(?!}%{2}).|\r?\n)*))?\s*(?:}%{2})?/gi;
const COMMENT = /^\s*%%(?!{)[^\n]+\n?/gm;

/** What Mermaid parses of a diagram, and for each of its UTF-16 units the offset it had. */
function parsedOffsets(text) {
  let kept = text;
  let origin = [...Array(text.length).keys()];
  const drop = (regex) => {
    const keep = new Array(kept.length).fill(true);
    let dropped = false;
    for (const m of kept.matchAll(regex)) {
      keep.fill(false, m.index, m.index + m[0].length);
      dropped ||= m[0].length > 0;
    }
    if (!dropped) return;
    origin = origin.filter((_, i) => keep[i]);
    kept = kept.split('').filter((_, i) => keep[i]).join('');
  };
  drop(new RegExp(FRONT_MATTER.source, 'g' + FRONT_MATTER.flags));
  drop(new RegExp(DIRECTIVE.source, DIRECTIVE.flags));
  drop(new RegExp(COMMENT.source, COMMENT.flags));
  drop(/^\s+/g);
  return { kept, origin };
}

/** 1-based (line, column) in the diagram's text of Mermaid's (line, column) in what it parsed. */
function diagramPosition(text, line, column) {
  const { kept, origin } = parsedOffsets(text);
  let offset = 0;
  for (let n = 1; n < line; n++) {
    const next = kept.indexOf('\n', offset);
    if (next < 0) {
      offset = kept.length;
      break;
    }
    offset = next + 1;
  }
  const lineEnd = kept.indexOf('\n', offset);
  offset = Math.min(offset + Math.max(column - 1, 0), lineEnd < 0 ? kept.length : lineEnd);
  // past the end (an error at the end of the text): just after the last character kept
  const at = offset < origin.length ? origin[offset] : origin.length ? origin[origin.length - 1] + 1 : 0;
  const before = text.slice(0, at);
  const row = before.split('\n').length;
  return [row, at - (before.lastIndexOf('\n') + 1) + 1];
}

/** Where Mermaid's error is in the diagram (1-based line and column), or null. */
function errorPosition(error, text) {
  const message = String(error?.message ?? error);
  if (error?.mark && typeof error.mark.line === 'number') {
    // js-yaml, reading the front matter: its line 0 is the line after the opening ---
    return [error.mark.line + 2, (error.mark.column ?? 0) + 1];
  }
  const said = /\b(?:Parse|Lexical) error on line (\d+)(?:, column (\d+))?/.exec(message);
  if (!said) return null;
  const line = Number(said[1]);
  let column = said[2] ? Number(said[2]) : 1;
  const loc = error?.hash?.loc;
  if (!said[2] && loc && loc.first_line === line && typeof loc.first_column === 'number') column = loc.first_column + 1;
  return diagramPosition(text, line, column);
}

/** Mermaid's message, first line; a jison parse error's first line gains the token it got. */
function firstLine(error) {
  const message = String(error?.message ?? error?.str ?? error).replace(/`\n`/g, '`\\n`');
  const lines = message.split('\n');
  let first = lines[0].trim();
  const got = /, got '([^']*)'\s*$/.exec(lines[lines.length - 1]);
  if (/^Parse error on line \d+:$/.test(first) && got) first += ` … got '${got[1]}'`;
  return first || 'rejected the diagram (no message)';
}

function readText(path) {
  const info = statSync(path);
  if (!info.isFile()) throw new Error('not a regular file');
  if (info.size > MAX_BYTES) throw new Error(`${(info.size / 2 ** 20).toFixed(1)} MB is too large (at most 10 MB)`);
  const data = readFileSync(path);
  const nul = data.indexOf(0);
  if (nul >= 0) throw new Error(`a binary file, not text (NUL byte at byte ${nul})`);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new Error('not UTF-8 text');
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Every file checked: [{file, diagrams, findings: [{line, column, message}], error?}].
 *  Mermaid is loaded (a second or so) only once there is a diagram to parse. */
async function checkFiles(paths, load) {
  const results = [];
  let mermaid = null;
  for (const file of paths) {
    const result = { file, diagrams: 0, findings: [] };
    results.push(result);
    let text;
    try {
      text = readText(file);
    } catch (error) {
      const reason = error.code ? /^\w+: ([^,]+)/.exec(error.message)?.[1] ?? error.code : error.message;
      result.error = `cannot read it (${reason})`;
      continue;
    }
    for (const diagram of diagramsOf(text, file.endsWith('.mmd'))) {
      result.diagrams++;
      mermaid ??= await load();
      try {
        await mermaid.parse(diagram.text);
      } catch (error) {
        const last = diagram.lines.length ? diagram.lines.length : 1;
        const [row, column] = errorPosition(error, diagram.text) ?? [1, 1];
        const clamped = Math.min(Math.max(row, 1), last);
        const [line, cut] = diagram.lines[clamped - 1] ?? [diagram.fence ? diagram.fence + 1 : 1, 0];
        result.findings.push({ line, column: row === clamped ? column + cut : 1 + cut, message: `Mermaid: ${firstLine(error)}` });
      }
    }
  }
  return results;
}

// --- command line --------------------------------------------------------------------

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function main(argv) {
  const json = argv[0] === '--json';
  const blocks = argv[0] === '--blocks';
  const paths = json || blocks ? argv.slice(1) : argv;
  if (paths[0] === '--') paths.shift();
  else if (!paths.length && !json || ['-h', '--help'].includes(paths[0])) {
    process.stderr.write('usage: rfc-check-diagrams FILE...  (rfc.md files, other Markdown, .mmd diagrams)\n');
    return 2;
  }
  const report = (out) => process.stdout.write(`${JSON.stringify(out)}\n`);
  if (blocks) {
    report(paths.map((file) => ({
      file,
      blocks: diagramsOf(readText(file), file.endsWith('.mmd')).map((d) => ({ line: d.lines[0]?.[0] ?? null, text: d.text })),
    })));
    return 0;
  }
  // Read the paths while Mermaid loads: `rfc check` writes them as it starts this process.
  const stdinPaths = json && !paths.length ? readStdin() : null;
  stdinPaths?.catch(() => {});
  try {
    const major = Number(process.versions.node.split('.')[0]);
    if (major < NODE_MAJOR) throw new Fatal(`needs Node.js ${NODE_MAJOR}+, not ${process.version}`);
    const found = locatePackages();
    const notes = Object.entries(found)
      .filter(([name, p]) => p.version !== PINNED[name])
      .map(([name, p]) => `using ${name} ${p.version} from ${p.folder}, not the pinned ${PINNED[name]}`);
    // Mermaid may log; whatever it says must not reach standard output (the JSON or the findings).
    const quiet = () => {};
    Object.assign(console, { log: quiet, info: quiet, debug: quiet, warn: quiet, error: quiet, trace: quiet });
    const results = await checkFiles(stdinPaths ? await stdinPaths : paths, () => loadMermaid(found));
    if (json) {
      report({ mermaid: found.mermaid.version, jsdom: found.jsdom.version, notes, results });
      return 0;
    }
    for (const note of notes) process.stderr.write(`rfc-check-diagrams: note: ${note}\n`);
    let findings = 0;
    let unreadable = 0;
    for (const result of results) {
      if (result.error) {
        process.stderr.write(`rfc-check-diagrams: ${result.file}: ${result.error}\n`);
        unreadable++;
      }
      for (const f of result.findings) process.stdout.write(`${result.file}:${f.line}:${f.column}: RFC204 ${f.message}\n`);
      findings += result.findings.length;
    }
    return unreadable ? 2 : findings ? 1 : 0;
  } catch (error) {
    if (!(error instanceof Fatal)) throw error;
    if (json) report({ fatal: error.message });
    else process.stderr.write(`rfc-check-diagrams: ${error.message}\n`);
    return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (error) => {
    process.stderr.write(`rfc-check-diagrams: ${error?.stack ?? error}\n`);
    process.exit(3);
  },
);
