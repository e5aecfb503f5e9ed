/**
 * zod compiles object parsers with new Function() unless configured not to, and probes for it when
 * the first object schema is built, which under our CSP (no 'unsafe-eval', ADR 015) is a reported
 * violation. The schemas are built while their chunk loads, before any module body of ours could call
 * z.config(), so the page sets zod's shared config object (the one z.config() writes, kept on
 * globalThis for all copies of zod) in this inline script, ahead of the module scripts. The browser
 * parses few objects: the interpreter is fast enough there. The server keeps the compiled parsers.
 */
export const ZOD_JITLESS_SCRIPT =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
