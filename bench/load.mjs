#!/usr/bin/env node
// The load generator, always in a process of its own so it does not share an
// event loop with the server it measures. `node load.mjs '<json job>'` prints
// one JSON result line. Jobs:
//   { kind: 'http', url, method?, headers?, body?, connections, seconds }   autocannon
//   { kind: 'uploads', url, token, courseId, count, megabytes }             concurrent multipart uploads
//   { kind: 'argon2', hash, password, concurrency, seconds }                raw verify rate
//   { kind: 'ranges', url, headers, size, viewers, chunk, seconds }         viewers seeking in a video
//   { kind: 'posts', requests: [{ url, headers }], rate, seconds }           POSTs at a fixed rate, in turn
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);

async function runHttp() {
  const result = await autocannon({
    url: job.url,
    method: job.method ?? 'GET',
    headers: job.headers,
    body: job.body,
    connections: job.connections,
    duration: job.seconds,
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: non2xx,
    bytesPerSecond: result.throughput.average,
  };
}

function uploadOnce(url, token, courseId, payload, index) {
  const boundary = `----urokbench${index}${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="courseId"\r\n\r\n${courseId}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="work-${index}.txt"\r\ncontent-type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + payload.length + tail.length,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 200),
          }),
        );
      },
    );
    request.on('error', reject);
    request.write(head);
    // In 1 MB slices, like a browser streaming a file.
    for (let offset = 0; offset < payload.length; offset += 1 << 20)
      request.write(payload.subarray(offset, offset + (1 << 20)));
    request.end(tail);
  });
}

async function runUploads() {
  // Plain text (detected from its bytes): 10 MB of lines.
  const line = Buffer.from('Домашнє завдання: розв’язання задач 1–10, пояснення і відповіді.\n');
  const payload = Buffer.alloc(job.megabytes * 1024 * 1024);
  for (let offset = 0; offset < payload.length; offset += line.length) line.copy(payload, offset);
  const began = performance.now();
  const results = await Promise.all(
    Array.from({ length: job.count }, (_, i) =>
      uploadOnce(job.url, job.token, job.courseId, payload, i),
    ),
  );
  const seconds = (performance.now() - began) / 1000;
  const failed = results.filter((r) => r.status !== 201);
  return {
    seconds,
    megabytesPerSecond: (job.count * job.megabytes) / seconds,
    failures: failed.length,
    firstFailure: failed[0],
  };
}

async function runArgon2() {
  // The same library build the server loads.
  const require = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
  const { verify } = require('@node-rs/argon2');
  const deadline = performance.now() + job.seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      if (!(await verify(job.hash, job.password))) throw new Error('argon2 verify failed');
      done += 1;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  return { verifiesPerSecond: done / ((performance.now() - began) / 1000), verifies: done };
}

/** One Range request; resolves with the status and how many body bytes came. */
function rangeOnce(agent, url, headers, start, end) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { ...headers, range: `bytes=${start}-${end}` } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * `viewers` players at once, each seeking again and again: a random offset in the video, then
 * `chunk` bytes from there (what a <video> asks for after a seek), until `seconds` have passed.
 */
async function runRanges() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.viewers });
  const deadline = performance.now() + job.seconds * 1000;
  let seed = 15;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let bytes = 0;
  let requests = 0;
  let failures = 0;
  let firstFailure;
  const latencies = [];
  const viewer = async () => {
    while (performance.now() < deadline) {
      const start = Math.floor(rnd() * (job.size - job.chunk));
      const end = start + job.chunk - 1;
      const began = performance.now();
      const result = await rangeOnce(agent, job.url, job.headers, start, end);
      latencies.push(performance.now() - began);
      requests += 1;
      bytes += result.bytes;
      if (result.status !== 206 || result.bytes !== job.chunk) {
        failures += 1;
        firstFailure ??= result;
      }
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: job.viewers }, viewer));
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    seconds,
    requests,
    requestsPerSecond: requests / seconds,
    megabytesPerSecond: bytes / 2 ** 20 / seconds,
    p50: at(0.5),
    p99: at(0.99),
    failures,
    firstFailure,
  };
}

/** POSTs with no body at `rate` per second, taking `requests` in turn: writes beside a read's load. */
async function runPosts() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const statuses = {};
  const pending = [];
  const began = performance.now();
  for (let i = 0; performance.now() - began < job.seconds * 1000; i += 1) {
    const { url, headers } = job.requests[i % job.requests.length];
    pending.push(
      new Promise((resolve) => {
        const request = http.request(url, { method: 'POST', headers, agent }, (response) => {
          response.resume();
          response.on('end', () => {
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            resolve();
          });
        });
        request.on('error', () => {
          statuses.error = (statuses.error ?? 0) + 1;
          resolve();
        });
        request.end();
      }),
    );
    const due = began + ((i + 1) * 1000) / job.rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  await Promise.all(pending);
  agent.destroy();
  const seconds = (performance.now() - began) / 1000;
  return { seconds, requests: pending.length, perSecond: pending.length / seconds, statuses };
}

const runners = {
  http: runHttp,
  uploads: runUploads,
  argon2: runArgon2,
  ranges: runRanges,
  posts: runPosts,
};
const result = await runners[job.kind]();
process.stdout.write(`${JSON.stringify(result)}\n`);
