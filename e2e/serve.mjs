#!/usr/bin/env node
// Starts the real server for the end-to-end suite on a throw-away embedded
// database (with the demo accounts), serving the built web app.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
// One data directory per port: suites run side by side must not wipe each other's database.
const dataDir = path.join(root, `test-results/e2e-data-${process.env.E2E_PORT ?? '4310'}`);
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('The web app is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? '4310',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  RATE_LIMIT: 'off',
  // Every browser of the suite is 127.0.0.1: the per-address stream limit would count them as one client.
  STREAMS_PER_ADDRESS: '10000',
  LOG_LEVEL: 'warn',
});
// A real SMTP server on loopback: whatever the app mails (a reset link, notifications) is
// written as JSON into test-results/e2e-mail-<port>/, where a journey reads it (classes.spec.ts).
const mailDir = path.join(root, `test-results/e2e-mail-${process.env.E2E_PORT ?? '4310'}`);
fs.rmSync(mailDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });
const { SMTPServer } = await import('smtp-server');
const { simpleParser } = await import('mailparser');
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        mailCount += 1;
        const file = path.join(mailDir, `${Date.now()}-${mailCount}.json`);
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text }));
        callback();
      })
      .catch(callback);
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}?ignoreTLS=true`;
delete process.env.DATABASE_URL;
delete process.env.UROK_DEMO;

register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
