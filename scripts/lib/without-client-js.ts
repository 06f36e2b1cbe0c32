// `bench:pages --without-js`: the same pages with the client JavaScript taken out, served through
// a local proxy, so Lighthouse can score them next to the real pages in the same run. The
// difference between the two scores is what the framework's scripts (React, the router,
// hydration) cost on this machine; the rest is the markup and the stylesheet.
//
// Only external scripts are removed (`<script src>`, `<link rel="preload" as="script">`). The
// inline RSC payload stays, so the browser downloads and parses the same HTML; without the
// runtime it is a few array pushes. The HTML is streamed as the server streams it (the matrix
// sends its heading first) and compressed as the server compresses it; other responses (the
// stylesheet, icons) pass through untouched, compressed or not as the server chose.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

const EXTERNAL_SCRIPT = /<script\b[^>]*\bsrc=[^>]*>\s*<\/script>/gi;
const SCRIPT_PRELOAD = /<link\b[^>]*\bas="script"[^>]*\/?>/gi;

/** The HTML with every external script and script preload removed; everything else as it was. */
export function stripExternalScripts(html: string): string {
  return html.replace(EXTERNAL_SCRIPT, "").replace(SCRIPT_PRELOAD, "");
}

/**
 * `stripExternalScripts` over a stream of HTML text: each `push` returns what can be written
 * now, holding back a tag (or a `<script>` element) that the chunk cut in two until the rest
 * arrives. Pushing the chunks and then `end()` gives the same text as stripping the whole page.
 */
export class ScriptStripper {
  private pending = "";

  push(text: string): string {
    this.pending += text;
    let cut = this.pending.lastIndexOf(">") + 1;
    const lastOpen = this.pending.lastIndexOf("<");
    if (lastOpen >= cut) cut = lastOpen; // an unfinished tag
    const openScript = this.pending.lastIndexOf("<script", cut);
    if (openScript !== -1 && this.pending.indexOf("</script>", openScript) === -1)
      cut = Math.min(cut, openScript);
    if (cut <= 0) return "";
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return stripExternalScripts(ready);
  }

  end(): string {
    const rest = stripExternalScripts(this.pending);
    this.pending = "";
    return rest;
  }
}

function decoder(encoding: string | undefined) {
  if (encoding === "gzip") return zlib.createGunzip();
  if (encoding === "br") return zlib.createBrotliDecompress();
  if (encoding === "deflate") return zlib.createInflate();
  return null;
}

/**
 * A proxy in front of `upstream` that streams HTML responses through `ScriptStripper` (and
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
        headers: { ...req.headers, host: target.host },
      },
      (up) => {
        if (!(up.headers["content-type"] ?? "").includes("text/html")) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const encoding = up.headers["content-encoding"];
        const headers = { ...up.headers };
        for (const h of [
          "content-length",
          "transfer-encoding",
          "content-security-policy",
          "content-encoding",
        ])
          delete headers[h];
        // Re-compressed with gzip when the server compressed, flushed per chunk so each part of
        // a streamed page leaves when the server sent it.
        const gzip = encoding ? zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH }) : null;
        res.writeHead(up.statusCode ?? 502, gzip ? { ...headers, "content-encoding": "gzip" } : headers);
        const out = gzip ?? res;
        if (gzip) gzip.pipe(res);
        const input = decoder(encoding);
        const source = input ? up.pipe(input) : up;
        const stripper = new ScriptStripper();
        const text = new TextDecoder();
        source.on("data", (c: Buffer) => {
          const ready = stripper.push(text.decode(c, { stream: true }));
          if (ready) out.write(ready);
        });
        source.on("end", () => out.end(stripper.push(text.decode()) + stripper.end()));
        source.on("error", () => res.destroy());
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
