import v8 from 'node:v8';

/**
 * V8 settings of every server process, imported first by main.ts, before the
 * rest of the server has run.
 *
 * Allocation-site pretenuring off. V8 watches where objects are made and,
 * when most of one site's objects outlive a young-generation collection,
 * makes that site's objects in the old generation from then on. Our requests
 * make the same short-lived objects again and again, and a process that lands
 * early on such a decision keeps it: about one server process in ten served
 * kept reads a third slower for its whole life. What was measured, with and
 * without it: docs/decisions.md, "V8's pretenuring off".
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
