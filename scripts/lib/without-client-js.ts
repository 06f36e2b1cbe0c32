// `bench:pages --without-js`: the same pages with the client JavaScript taken out, served through
// a local proxy, so Lighthouse can score them next to the real pages in the same run. The
// difference between the two scores is what the framework's scripts (React, the router,
// hydration) cost on this machine; the rest is the markup and the stylesheet.
//
// Only external scripts are removed (`<script src>`, `<link rel="preload" as="script">`). The
// inline RSC payload stays, so the browser downloads and parses the same HTML; without the
// runtime it is a few array pushes.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

const EXTERNAL_SCRIPT = /<script\b[^>]*\bsrc=[^>]*>\s*<\/script>/gi;
const SCRIPT_PRELOAD = /<link\b[^>]*\bas="script"[^>]*\/?>/gi;

/** The HTML with every external script and script preload removed; everything else as it was. */
export function stripExternalScripts(html: string): string {
  return html.replace(EXTERNAL_SCRIPT, "").replace(SCRIPT_PRELOAD, "");
}

/**
 * A proxy in front of `upstream` that rewrites HTML responses with `stripExternalScripts` (and
 * drops the CSP header, whose nonces no longer matter). Other responses pass through as they are.
 */
export async function startWithoutJsProxy(upstream: string): Promise<{ url: string; stop(): Promise<void> }> {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host, "accept-encoding": "identity" },
      },
      (up) => {
        if (!(up.headers["content-type"] ?? "").includes("text/html")) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const parts: Buffer[] = [];
        up.on("data", (c: Buffer) => parts.push(c));
        up.on("end", () => {
          // Compressed like the real server's responses, so both variants cost the same to transfer.
          const body = gzipSync(stripExternalScripts(Buffer.concat(parts).toString("utf8")));
          const headers = { ...up.headers };
          for (const h of ["content-length", "transfer-encoding", "content-security-policy"])
            delete headers[h];
          res.writeHead(up.statusCode ?? 502, {
            ...headers,
            "content-encoding": "gzip",
            "content-length": body.length,
          });
          res.end(body);
        });
      },
    );
    forward.on("error", (e) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`upstream error: ${e.message}`);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
