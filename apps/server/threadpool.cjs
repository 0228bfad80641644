'use strict';
// Preloaded with `node --require` by `npm start`, `npm run dev`, the soak, the
// end-to-end suite's server and the benchmark, before any module is loaded:
// libuv reads UV_THREADPOOL_SIZE once, when something first queues work on its
// threadpool, and an ES module entry point is read through that pool before
// its first line runs — so the size cannot be set from main.ts.
//
// The pool runs every argon2id hash and verify (CPU-bound, 19 MiB each) and
// the file system work. libuv's default of four threads on a two-core machine
// runs four hashes at once on two cores: they evict each other's memory from
// the caches and take turns with the event loop, and sign-ins per second fall
// by about a tenth. One thread per core (at least two) avoids that; a value set
// in the environment is kept.
const { availableParallelism } = require('node:os');

process.env.UV_THREADPOOL_SIZE ??= String(Math.max(2, availableParallelism()));
