import v8 from 'node:v8';

/**
 * V8 settings of every server process, imported first by main.ts, before the
 * rest of the server has run (docs/decisions.md, "V8's pretenuring off").
 *
 * Allocation-site pretenuring off. V8 watches where objects are made and,
 * when most of one site's objects outlive a young-generation collection,
 * makes that site's objects in the old generation from then on. A server
 * whose requests all make the same short-lived objects can land, early in its
 * life, on a decision that never pays: measured on the bench fixture, about
 * one server process in ten started alike answered kept reads about 35%
 * slower for the rest of its life (the catalog at 25,000–28,000 requests/s
 * against 38,000–45,000), its young collections taking 6–7 ms instead of 1.7,
 * a third of what they copied promoted, and 18 full collections where the
 * others had 7. With pretenuring off, none of 116 processes did, and a
 * process that did not land there lost nothing measurable (bench/README.md).
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
