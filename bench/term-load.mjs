#!/usr/bin/env node
// The term workload's load generator, in a process of its own: requests
// start at a fixed arrival rate (an open model: a slow answer does not slow
// the arrivals, as thirty classes do not wait for each other), drawn from a
// weighted mix of steps. Latency counts from when a request was due, so a
// server that falls behind is charged for the queue. It prints one JSON line: per step of load, per kind of request,
// the count, errors, p50 and p99, and the read cache's hits (X-Cache).
//
// With TERM_TIMELINE=1 it also writes to stderr where in the step the slow answers were.
//
// `node term-load.mjs <job.json>`; the job: { base, rate, seconds, steps: [{ name, weight, method, path, headers?,
//        body?, contentType?, ok?: [statuses], pool?: [{ path?, body?, headers? }] }] }
// A step with `pool` takes its next entry per request (path, body and headers from it),
// so writes like enrolments and grades each act on something new; `cursors` (by step name)
// says where each pool starts, and the output's `cursors` where it stopped.
import fs from 'node:fs';
import http from 'node:http';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const base = new URL(job.base);

const totalWeight = job.steps.reduce((sum, step) => sum + step.weight, 0);
// Where each pool starts: where the step before left it (job.cursors), so a step goes on to
// entries the step before did not reach instead of asking the first ones again.
const cursor = new Map(Object.entries(job.cursors ?? {}));

function pick() {
  let r = Math.random() * totalWeight;
  for (const step of job.steps) {
    r -= step.weight;
    if (r <= 0) return step;
  }
  return job.steps.at(-1);
}

function send(step) {
  let { path, body, headers } = step;
  if (step.pool) {
    const i = cursor.get(step.name) ?? 0;
    cursor.set(step.name, i + 1);
    const entry = step.pool[i % step.pool.length];
    path = entry.path ?? path;
    body = entry.body ?? body;
    headers = { ...headers, ...entry.headers };
  }
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: `${base.pathname.replace(/\/$/, '')}${path}`,
        method: step.method,
        agent,
        headers: {
          'accept-encoding': 'br, gzip',
          ...headers,
          ...(payload
            ? {
                'content-type': step.contentType ?? 'application/json',
                'content-length': payload.length,
              }
            : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode, cache: response.headers['x-cache'] }),
        );
        response.on('error', () => resolve({ status: 0 }));
      },
    );
    request.on('error', () => resolve({ status: 0 }));
    request.end(payload);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const records = [];
const pending = [];
const started = performance.now();
const interval = 5; // ms between launches
let due = 0;
await new Promise((resolve) => {
  const timer = setInterval(() => {
    const now = performance.now();
    const elapsed = now - started;
    if (elapsed >= job.seconds * 1000) {
      clearInterval(timer);
      resolve();
      return;
    }
    // Every request due by now is sent, each stamped with the moment it was due.
    const shouldHave = Math.floor((elapsed / 1000) * job.rate);
    for (; due < shouldHave; due += 1) {
      const dueAt = started + (due / job.rate) * 1000;
      const step = pick();
      const sentAt = performance.now();
      pending.push(
        send(step).then(({ status, cache }) => {
          const ok = (step.ok ?? [200, 201, 204]).includes(status);
          records.push({
            name: step.name,
            ms: performance.now() - dueAt,
            ok,
            status,
            cache,
            due: dueAt - started,
            sent: sentAt - started,
          });
        }),
      );
    }
  }, interval);
});
await Promise.all(pending);
const seconds = (performance.now() - started) / 1000;
if (process.env.TERM_TIMELINE === '1') {
  // Where in the step the slow answers were: each quarter second with an answer over 100 ms,
  // its slowest, and how late the generator itself sent (its own lag, not the server's); then
  // the first answers over 150 ms, by when they were due (the request that began a stall).
  const quarters = new Map();
  for (const r of records) {
    const q = Math.floor(r.due / 250);
    const seen = quarters.get(q) ?? { count: 0, slowest: 0, sendLag: 0 };
    seen.count += 1;
    seen.slowest = Math.max(seen.slowest, r.ms);
    seen.sendLag = Math.max(seen.sendLag, r.sent - r.due);
    quarters.set(q, seen);
  }
  for (const [q, seen] of [...quarters].sort((a, b) => a[0] - b[0])) {
    if (seen.slowest > 100)
      process.stderr.write(
        `  ${q * 250} ms: ${seen.count} requests, slowest ${seen.slowest.toFixed(0)} ms, sent up to ${seen.sendLag.toFixed(0)} ms late\n`,
      );
  }
  const first = records
    .filter((r) => r.ms > 150)
    .sort((a, b) => a.due - b.due)
    .slice(0, 5)
    .map((r) => `${r.name} due at ${r.due.toFixed(0)} ms took ${r.ms.toFixed(0)}`);
  process.stderr.write(`  first over 150 ms: ${first.join('; ') || 'none'}\n`);
}

const byName = new Map();
for (const record of records) {
  if (!byName.has(record.name)) byName.set(record.name, []);
  byName.get(record.name).push(record);
}
const summarize = (list) => {
  const ms = list.map((r) => r.ms).sort((a, b) => a - b);
  const errors = list.filter((r) => !r.ok);
  return {
    count: list.length,
    errors: errors.length,
    statuses: [...new Set(errors.map((r) => r.status))],
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    cacheHits: list.filter((r) => r.cache === 'hit').length,
    cacheable: list.filter((r) => r.cache !== undefined).length,
  };
};
const cacheable = records.filter((r) => r.cache !== undefined);
console.log(
  JSON.stringify({
    rate: job.rate,
    achieved: records.length / seconds,
    ...summarize(records),
    cacheHits: cacheable.filter((r) => r.cache === 'hit').length,
    cacheable: cacheable.length,
    steps: Object.fromEntries([...byName].map(([name, list]) => [name, summarize(list)])),
    cursors: Object.fromEntries(cursor),
  }),
);
agent.destroy();
