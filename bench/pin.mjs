// Which cores a bench's processes run on. By default (taskset present, two cores or more) the
// servers a bench pins run on every core but the last and the load generators it pins on the
// last, so the two do not take each other's time and every pinned server (the node:http limit and
// the product alike) gets the same cores. BENCH_PIN=off runs everything unpinned. PostgreSQL is
// never pinned: it runs beside them, as on a small school's one machine.
import fs from 'node:fs';
import os from 'node:os';

const CORES = os.availableParallelism();

export const PIN =
  process.env.BENCH_PIN !== 'off' && CORES >= 2 && fs.existsSync('/usr/bin/taskset');
export const SERVER_CORES = CORES > 2 ? `0-${CORES - 2}` : '0';
export const GENERATOR_CORE = String(CORES - 1);

/**
 * The command and arguments that run `[command, ...args]` on `cores` (anywhere when `cores` is
 * undefined), for spawn (taskset execs the command, so the child's pid is the command's own).
 */
export const pinned = (cores, [command, ...args]) =>
  PIN && cores !== undefined
    ? ['/usr/bin/taskset', ['-c', cores, command, ...args]]
    : [command, args];

/** How a run was pinned, for its results and its first line. */
export const pinning = () => (PIN ? { server: SERVER_CORES, generator: GENERATOR_CORE } : false);
