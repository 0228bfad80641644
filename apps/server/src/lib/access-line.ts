import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactUrlSecrets } from './log-redaction.ts';

const { streamSym, chindingsSym } = pino.symbols;

/**
 * The parts of a pino logger used here besides its symbols (the destination
 * of its lines, and its bindings already as JSON).
 */
interface PinoLogger {
  levels?: { values: Record<string, number> };
  isLevelEnabled?(level: string): boolean;
}

/** `,"name":value` for a string that may be absent (pino leaves out a field that is undefined). */
function stringField(name: string, value: string | undefined): string {
  return value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;
}

/**
 * Writes the access line of an answered request, `request completed` at
 * info, as its logger would write
 * `log.info({ req, res, responseTime }, 'request completed')` with the
 * options of loggerOptions (app.ts): the same fields in the same order, the
 * URL's secrets cut out by the same redactUrlSecrets, to the same
 * destination (test/access-line.test.ts compares the two lines). Built
 * here because pino's generic walk over the fields (its formatters, the
 * serializers, a JSON.stringify per value) took 1.2 µs a line against 0.6
 * for this one (bench/access-line.mjs, one core), on every request the
 * server answers: in a kept course list's CPU profile the line fell from
 * 7.2% to 3.7% (bench/README.md).
 *
 * False when the logger is not a pino logger at info or below (no log, or
 * LOG_LEVEL=warn): then nothing is written here.
 */
export function writeAccessLine(request: FastifyRequest, reply: FastifyReply): boolean {
  const log = reply.log as unknown as PinoLogger & Record<symbol, unknown>;
  const destination = log[streamSym] as { write(line: string): unknown } | undefined;
  const bindings = log[chindingsSym] as string | undefined;
  const level = log.levels?.values.info;
  if (destination === undefined || bindings === undefined || level === undefined) return false;
  if (!log.isLevelEnabled?.('info')) return false;
  const port = request.socket?.remotePort;
  destination.write(
    `{"level":${level},"time":${Date.now()}${bindings}` +
      `,"req":{"method":${JSON.stringify(request.method)}` +
      `,"url":${JSON.stringify(redactUrlSecrets(request.url))}` +
      stringField('host', request.host) +
      stringField('remoteAddress', request.ip) +
      (port === undefined ? '' : `,"remotePort":${port}`) +
      `},"res":{"statusCode":${reply.statusCode}}` +
      `,"responseTime":${JSON.stringify(reply.elapsedTime)},"msg":"request completed"}\n`,
  );
  return true;
}
