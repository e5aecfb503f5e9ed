import type { FastifyInstance } from "fastify";

/** Text types whose bytes are UTF-8 here: text/*, JSON, XML, JavaScript and their +json/+xml kinds. */
const TEXT_TYPE = /^(text\/|application\/(json|xml|javascript|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;

/** A 429 that does not know its wait (a page's form refused, a limit of its own) says a minute. */
const DEFAULT_RETRY_AFTER_S = "60";

/**
 * Two rules every response of the server obeys, whichever part answered it (API, pages, static files,
 * the site password form): a text says its charset, so no browser guesses the encoding of Polish
 * letters; and a 429 says when to come back (RFC 6585), so a client backs off instead of hammering.
 */
export function registerResponseRules(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && TEXT_TYPE.test(type) && !/charset=/i.test(type))
      reply.header("content-type", `${type}; charset=utf-8`);
    if (reply.statusCode === 429 && !reply.hasHeader("retry-after"))
      reply.header("retry-after", DEFAULT_RETRY_AFTER_S);
    return payload;
  });
}
