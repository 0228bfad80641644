// The SQLite fixture of `npm run bench:term` and `npm run bench:gradebook`:
// the scale fixture (bench/seed.mjs) at `scale`, seeded once into
// bench/data/term-sqlite and seeded again when the scale changes. Each run
// copies it (the server migrates its copy).
import fs from 'node:fs';
import path from 'node:path';
import { seed } from './seed.mjs';

export async function termSqliteFixture(scale) {
  const dir = path.join(import.meta.dirname, 'data/term-sqlite');
  const manifestFile = path.join(dir, 'seed.json');
  const fresh =
    fs.existsSync(manifestFile) &&
    JSON.parse(fs.readFileSync(manifestFile, 'utf8')).scale === scale;
  if (!fresh) {
    fs.rmSync(dir, { recursive: true, force: true });
    const manifest = await seed({ dataDir: dir, scale, log: () => {} });
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, scale }, null, 2));
  }
  return { dir, manifest: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) };
}
