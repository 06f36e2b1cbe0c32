import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  ScriptStripper,
  startWithoutJsProxy,
  stripExternalScripts,
} from "../../scripts/lib/without-client-js.ts";

// The shape Next.js 16 writes: script preloads and async chunks in <head>, the bootstrap script
// and the inline RSC payload at the end of <body>.
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>' +
  '<script src="/_next/static/chunks/react.js" async="" nonce="n1"></script>' +
  '<script src="/_next/static/chunks/poly.js" noModule="" nonce="n1"></script>' +
  "<title>GPU</title></head><body><main><h1>H100</h1></main>" +
  '<script src="/_next/static/chunks/main.js" nonce="n1" async=""></script>' +
  '<script nonce="n1">self.__next_f.push([1,"0:{}"])</script></body></html>';

describe("stripExternalScripts", () => {
  it("removes external scripts and script preloads and keeps the rest byte for byte", () => {
    const out = stripExternalScripts(PAGE);
    expect(out).not.toMatch(/<script[^>]*src=/);
    expect(out).not.toContain('as="script"');
    expect(out).toContain(
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
    );
    expect(out).toContain("<main><h1>H100</h1></main>");
    expect(out).toContain('<script nonce="n1">self.__next_f.push([1,"0:{}"])</script>');
    expect(PAGE.length - out.length).toBe(
      [
        '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
        '<script src="/_next/static/chunks/react.js" async="" nonce="n1"></script>',
        '<script src="/_next/static/chunks/poly.js" noModule="" nonce="n1"></script>',
        '<script src="/_next/static/chunks/main.js" nonce="n1" async=""></script>',
      ].join("").length,
    );
  });

  it("leaves a page without scripts unchanged", () => {
    const plain = "<html><body><p>src=x as=script</p></body></html>";
    expect(stripExternalScripts(plain)).toBe(plain);
  });
});

describe("ScriptStripper", () => {
  it("gives the same text as stripping the whole page, wherever the chunks are cut", () => {
    const whole = stripExternalScripts(PAGE);
    for (let cut = 0; cut <= PAGE.length; cut++) {
      const s = new ScriptStripper();
      expect(s.push(PAGE.slice(0, cut)) + s.push(PAGE.slice(cut)) + s.end(), `cut at ${cut}`).toBe(whole);
    }
    const s = new ScriptStripper();
    expect([...PAGE].map((c) => s.push(c)).join("") + s.end()).toBe(whole);
  });

  it("writes complete markup at once and holds back only an unfinished tag or script", () => {
    const s = new ScriptStripper();
    expect(s.push("<main><h1>H100</h1></main><scr")).toBe("<main><h1>H100</h1></main>");
    expect(s.push('ipt src="/a.js" async=""></scr')).toBe("");
    expect(s.push("ipt><p>after</p>")).toBe("<p>after</p>");
    expect(s.end()).toBe("");
  });
});

describe("startWithoutJsProxy", () => {
  let upstream: http.Server;
  let release = () => {};
  const releaseRest = new Promise<void>((r) => (release = r));
  let proxy: Awaited<ReturnType<typeof startWithoutJsProxy>>;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      if (req.url === "/page") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": "x" });
        res.end(PAGE);
      } else if (req.url === "/streamed") {
        // Like the matrix: the heading first, the rest once the test has seen the first part.
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.write(PAGE.slice(0, PAGE.indexOf("</main>")));
        void releaseRest.then(() => res.end(PAGE.slice(PAGE.indexOf("</main>"))));
      } else if (req.url === "/gzipped") {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        res.end(gzipSync(PAGE));
      } else if (req.url?.endsWith(".css")) {
        res.writeHead(200, { "content-type": "text/css", "content-encoding": "gzip" });
        res.end(gzipSync("main{color:red}"));
      } else {
        res.writeHead(200, { "content-type": "application/javascript" });
        res.end("console.log(1)");
      }
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    proxy = await startWithoutJsProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await proxy.stop();
    await new Promise((r) => upstream.close(r));
  });

  it("serves HTML without its external scripts and without the CSP", async () => {
    const res = await fetch(`${proxy.url}/page`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(await res.text()).toBe(stripExternalScripts(PAGE));
  });

  it("keeps the server's compression: a gzipped page comes back gzipped, stripped", async () => {
    const res = await fetch(`${proxy.url}/gzipped`);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toBe(stripExternalScripts(PAGE));
    const css = await fetch(`${proxy.url}/a.css`);
    expect(css.headers.get("content-encoding")).toBe("gzip");
    expect(await css.text()).toBe("main{color:red}");
  });

  it("streams: the first part of a page arrives before the server has sent the rest", async () => {
    const res = await fetch(`${proxy.url}/streamed`);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const text = new TextDecoder();
    let seen = "";
    while (!seen.includes("<h1>H100</h1>")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended early: ${seen}`);
      seen += text.decode(value, { stream: true });
    }
    expect(seen).not.toContain("</body>");
    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += text.decode(value, { stream: true });
    }
    expect(seen).toBe(stripExternalScripts(PAGE));
  });

  it("passes other responses through unchanged", async () => {
    const res = await fetch(`${proxy.url}/_next/static/chunks/main.js`);
    expect(await res.text()).toBe("console.log(1)");
  });
});
