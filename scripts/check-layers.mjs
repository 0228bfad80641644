#!/usr/bin/env node
// `npm run lint:layers` (a step of `npm test`): the server's import rules of
// .dependency-cruiser.cjs — features use each other only through services,
// with no cycles, and lib/ knows no feature. Fails on any violation. SQL
// outside repositories is ESLint's to refuse (eslint.config.js).
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

const { output } = await cruise(['apps/server/src'], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden },
});

const short = (file) => file.replace(/^apps\/server\/src\//, '');
const errors = [];
for (const violation of output.summary.violations) {
  const key = `${violation.rule.name}: ${short(violation.from)} → ${short(violation.to)}`;
  const rule = config.forbidden.find((r) => r.name === violation.rule.name);
  const cycle = violation.cycle?.length
    ? ` (cycle: ${[violation.from, ...violation.cycle.map((c) => c.name)].map(short).join(' → ')})`
    : '';
  errors.push(`${key}${cycle}\n    ${rule?.comment ?? ''}`);
}
// A cruise that resolved no import from one feature into another checked nothing (a wrong
// path, or imports it could not resolve): that is a failure, not a pass.
const feature = (file) => /^apps\/server\/src\/features\/([^/]+)\//.exec(file)?.[1];
const crossFeature = output.modules.some((module) =>
  module.dependencies.some(
    (dependency) =>
      !dependency.couldNotResolve &&
      feature(dependency.resolved) !== undefined &&
      feature(module.source) !== undefined &&
      feature(dependency.resolved) !== feature(module.source),
  ),
);
if (!crossFeature)
  errors.push(
    'no import from one server feature into another was resolved: the rules checked nothing',
  );

const modules = output.summary.totalCruised;
if (errors.length > 0) {
  console.error(`Layer rules (.dependency-cruiser.cjs), ${modules} modules:\n`);
  for (const error of errors) console.error(`  ${error}`);
  console.error(`\n${errors.length} layer violation(s)`);
  process.exit(1);
}
console.log(`Layer rules hold over ${modules} modules.`);
