import pino from 'pino';

/**
 * How many characters of lines are held before they are handed on within a
 * turn: about what pino's destination writes at once (16 KB), so a busy turn
 * never builds one long string.
 */
const HAND_OVER_CHARACTERS = 16 * 1024;

/** Where LinesPerTurn hands its lines: pino's standard output (sonic-boom). */
interface LineSink {
  write(data: string): unknown;
  flush?(done: (error?: Error) => void): void;
}

/**
 * The server's log lines, handed to pino's standard output once per turn of
 * the event loop (docs/decisions.md, "How the log is written"). pino's
 * destination writes asynchronously, appending each line to a pending string
 * whose byte length it measures anew on every line; at a kept read's rate
 * (one access line per request) that copying was about 4% of the read's
 * CPU. Here a turn's lines are joined once and handed over together, at the
 * turn's end: the destination still writes them off the event loop, and an
 * ordinary exit still writes every line (standardOutputLog).
 */
export class LinesPerTurn {
  readonly #sink: LineSink;
  #lines: string[] = [];
  #characters = 0;
  #scheduled = false;

  constructor(sink: LineSink) {
    this.#sink = sink;
  }

  write(line: string): void {
    this.#lines.push(line);
    this.#characters += line.length;
    if (this.#characters >= HAND_OVER_CHARACTERS) this.#handOver();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#atTurnEnd);
    }
  }

  /** pino's `logger.flush()`: the lines held are handed over, then the destination flushed. */
  flush(done?: (error?: Error) => void): void {
    this.#handOver();
    if (this.#sink.flush) this.#sink.flush(done ?? (() => {}));
    else done?.();
  }

  /** The lines held and not yet handed over, taken (for the process's exit). */
  takeHeld(): string {
    const held = this.#lines.join('');
    this.#lines = [];
    this.#characters = 0;
    return held;
  }

  readonly #atTurnEnd = (): void => {
    this.#scheduled = false;
    this.#handOver();
  };

  #handOver(): void {
    if (this.#lines.length > 0) this.#sink.write(this.takeHeld());
  }
}

/**
 * Standard output as the server's log destination: LinesPerTurn over pino's
 * asynchronous destination. As the process exits, what that destination
 * holds is written (pino does this itself, and so again here before the rest),
 * then the lines of the turn under way, synchronously.
 */
export function standardOutputLog(): LinesPerTurn {
  const out = pino.destination({ dest: 1, sync: false });
  const lines = new LinesPerTurn(out);
  process.once('exit', () => {
    const held = lines.takeHeld();
    try {
      out.flushSync();
      if (held) pino.destination({ dest: 1, sync: true }).write(held);
    } catch {
      // Standard output is closed: there is nowhere left to write to.
    }
  });
  return lines;
}
