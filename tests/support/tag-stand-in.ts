import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the advertising vendors' hosts: it serves a Meta-Pixel-like
 * `fbevents.js` and a LinkedIn-Insight-like `insight.min.js` that replay the page's queue (fbq, lintrk)
 * and send every call back here as an image request, as the real tags do to their own hosts. Every
 * request that reaches it is recorded, so a journey can tell what the browser sent and when.
 */
const META_SCRIPT = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  var fbq = window.fbq;
  if (!fbq) return;
  function send(args) {
    var p = new URLSearchParams({ a: String(args[0]), ev: String(args[1]), cd: JSON.stringify(args[2] || {}) });
    new Image().src = origin + "/tr?" + p;
  }
  var queued = fbq.queue || [];
  fbq.callMethod = function () { send(Array.prototype.slice.call(arguments)); };
  for (var i = 0; i < queued.length; i++) send(queued[i]);
  fbq.queue = [];
})();`;

const LINKEDIN_SCRIPT = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  var pid = window._linkedin_partner_id;
  function send(action, data) {
    var p = new URLSearchParams({ pid: pid, a: action, conversionId: data && data.conversion_id ? String(data.conversion_id) : "" });
    new Image().src = origin + "/collect?" + p;
  }
  send("pageview");
  var queued = (window.lintrk && window.lintrk.q) || [];
  window.lintrk = function (action, data) { send(action, data); };
  for (var i = 0; i < queued.length; i++) send(queued[i][0], queued[i][1]);
})();`;

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export interface TagStandIn {
  origin: string;
  /** Every request received: path and query parameters. */
  requests: { path: string; params: Record<string, string> }[];
  close(): Promise<void>;
}

export async function startTagStandIn(port: number): Promise<TagStandIn> {
  const requests: TagStandIn["requests"] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push({ path: url.pathname, params: Object.fromEntries(url.searchParams) });
    const script = { "/fbevents.js": META_SCRIPT, "/insight.min.js": LINKEDIN_SCRIPT }[url.pathname];
    if (script) {
      res.writeHead(200, { "content-type": "application/javascript", "cache-control": "no-store" });
      res.end(script);
      return;
    }
    res.writeHead(200, { "content-type": "image/gif", "cache-control": "no-store" });
    res.end(GIF);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
