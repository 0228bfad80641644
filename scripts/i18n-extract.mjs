#!/usr/bin/env node
/**
 * `npm run i18n:extract [-- --po FILE]`: every message of the catalog
 * (docs/decisions.md, "Languages: how the catalog works") with its English,
 * for a translator.
 *
 * Reads the Ukrainian modules (packages/contract/src/*: every
 * `defineMessages`) and the English ones (packages/contract/src/locales/en),
 * lists per namespace how many messages there are and which have no English,
 * and with `--po FILE` writes them all as a gettext PO file: `msgctxt` the
 * key (`namespace.key`, with `.0`, `.name` … inside structured data),
 * `msgid` the Ukrainian text (an ICU message as written), `msgstr` the
 * English. A translation tool shows the two side by side; the English goes
 * back into locales/en/<module>.ts by its key. Exits 1 when any message
 * lacks English (the catalog test fails then too).
 */
import fs from 'node:fs';
import { sourceCatalogs, translationCatalogs } from '@urok/contract';
import '@urok/contract/i18n/compiler';
import '@urok/contract/locales/en';

const args = process.argv.slice(2);
const poFile = args.includes('--po') ? args[args.indexOf('--po') + 1] : undefined;

/** [path, text] pairs of a message value: a string, an ICU message, or data holding them. */
function texts(value, at) {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function')
    return typeof value.message === 'string' ? [[at, value.message]] : [[at, null]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${at}.${key}`));
  return [];
}

const quote = (text) =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

const english = translationCatalogs('en');
const entries = [];
const missing = [];
let functions = 0;
for (const [namespace, catalog] of sourceCatalogs()) {
  const translated = english.get(namespace);
  let count = 0;
  for (const [key, value] of Object.entries(catalog)) {
    const theirs = new Map(translated ? texts(translated[key], `${namespace}.${key}`) : []);
    for (const [path, text] of texts(value, `${namespace}.${key}`)) {
      count += 1;
      if (text === null) {
        functions += 1;
        continue;
      }
      const other = theirs.get(path);
      if (typeof other !== 'string') missing.push(path);
      entries.push({ path, text, other: typeof other === 'string' ? other : '' });
    }
  }
  console.log(`${namespace.padEnd(16)} ${String(count).padStart(4)} messages`);
}
console.log(
  `\n${entries.length} texts${functions ? ` (and ${functions} formatted in code, translated in their module)` : ''}; ${missing.length} without English`,
);
for (const path of missing) console.log(`  missing: ${path}`);

if (poFile) {
  const po = [
    'msgid ""',
    'msgstr ""',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Language: en\\n"',
    '"X-Source-Language: uk\\n"',
    '',
    ...entries.flatMap(({ path, text, other }) => [
      `msgctxt ${quote(path)}`,
      `msgid ${quote(text)}`,
      `msgstr ${quote(other)}`,
      '',
    ]),
  ].join('\n');
  fs.writeFileSync(poFile, po);
  console.log(`\nwrote ${poFile}`);
}
process.exitCode = missing.length > 0 ? 1 : 0;
