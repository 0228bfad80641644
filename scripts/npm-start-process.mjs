// The product started as `npm start` starts it — the root package.json's start
// script, run without npm in between — on a free loopback port with a data
// directory of its own. For the scripts that measure it (bench/run.mjs'
// cold start, lighthouse.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm start`'s command line (`node --require … scripts/start.mjs`), split into arguments. */
function npmStartCommand() {
  const { start } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const [command, ...args] = start.split(' ');
  if (command !== 'node') throw new Error(`npm start is not a node command: ${start}`);
  return args;
}

/** Spawns it with LOG_LEVEL=warn plus `env`, listening on 127.0.0.1:`port` with its data in `dataDir`. */
export function spawnNpmStart({ dataDir, port, env = {}, stdio }) {
  return spawn(process.execPath, npmStartCommand(), {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio,
  });
}
