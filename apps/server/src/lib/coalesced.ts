/**
 * Runs `work` on demand, one run at a time: a call while a run is under way
 * asks for one more run after it (however many calls came meanwhile), so
 * nothing asked for is missed and no two runs overlap. The notification
 * stream's reads (features/notifications) and the mail queue's looks at its
 * table (features/notifications/mail-queue.ts) are both driven this way.
 */
export function coalesced(work: () => Promise<void>): {
  /** Starts a run, or asks for one more after the current run. */
  run(): void;
  /** Resolves once no run is under way. */
  idle(): Promise<void>;
} {
  let running: Promise<void> | undefined;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      await work();
    } while (again);
  };
  return {
    run() {
      if (running) {
        again = true;
        return;
      }
      running = loop().finally(() => {
        running = undefined;
      });
    },
    idle: async () => {
      await running;
    },
  };
}
