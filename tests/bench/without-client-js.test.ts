import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startWithoutJsProxy, stripExternalScripts } from "../../scripts/lib/without-client-js.ts";

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

describe("startWithoutJsProxy", () => {
  let upstream: http.Server;
  let proxy: Awaited<ReturnType<typeof startWithoutJsProxy>>;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      if (req.url === "/page") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": "x" });
        res.end(PAGE);
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

  it("serves HTML without its external scripts, gzipped, without the CSP", async () => {
    const res = await fetch(`${proxy.url}/page`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(await res.text()).toBe(stripExternalScripts(PAGE));
  });

  it("passes other responses through unchanged", async () => {
    const res = await fetch(`${proxy.url}/_next/static/chunks/main.js`);
    expect(await res.text()).toBe("console.log(1)");
  });
});
