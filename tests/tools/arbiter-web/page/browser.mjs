// A small driver of headless Chromium through its DevTools protocol, with no
// package but Node's own (run node with --experimental-websocket on Node 20):
// enough to open a page, wait for what it shows, click, type and take a
// screenshot. Debian's chromium is the browser; nothing is downloaded.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const CHROMIUM = process.env.CHROMIUM || "chromium";

async function findPage(port) {
  for (let i = 0; i < 150; i++) {
    try {
      const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      const page = targets.find((t) => t.type === "page");
      if (page) return page;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`chromium did not open its debugging port ${port}`);
}

function connect(url) {
  const ws = new WebSocket(url);
  let next = 0;
  const pending = new Map();
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    const waiter = msg.id && pending.get(msg.id);
    if (!waiter) return;
    pending.delete(msg.id);
    if (msg.error) waiter.reject(new Error(msg.error.message));
    else waiter.resolve(msg.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return new Promise((resolve, reject) => {
    ws.onopen = () => resolve({ ws, send });
    ws.onerror = () => reject(new Error(`cannot connect to ${url}`));
  });
}

// Opens one headless Chromium with one page of width x height.
export async function launch({ width = 1280, height = 900 } = {}) {
  const port = 9300 + Math.floor(Math.random() * 600);
  const profile = mkdtempSync(join(tmpdir(), "arbiter-page-"));
  const proc = spawn(CHROMIUM, [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
    `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, `--window-size=${width},${height}`,
    "about:blank",
  ], { stdio: "ignore" });
  const target = await findPage(port);
  const { ws, send } = await connect(target.webSocketDebuggerUrl);
  await send("Page.enable");
  await send("Runtime.enable");
  await send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: width < 700 });
  const page = {
    send,
    async goto(url) {
      await send("Page.navigate", { url });
    },
    // The value of a JavaScript expression in the page (awaited if a promise).
    async eval(expression) {
      const r = await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) {
        throw new Error(`${expression}: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
      }
      return r.result.value;
    },
    // Waits until the expression is truthy; its value, or an error after `ms`.
    // The default is generous: what a page waits for passes through other
    // processes (tables, a broker), which CI's two cores, shared with other
    // tests, once kept from a hall tile for over five seconds.
    async waitFor(expression, ms = 15000) {
      const end = Date.now() + ms;
      for (;;) {
        const value = await page.eval(expression).catch(() => undefined);
        if (value) return value;
        if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${expression}`);
        await sleep(25);
      }
    },
    async screenshot(path) {
      const r = await send("Page.captureScreenshot", { format: "png" });
      writeFileSync(path, Buffer.from(r.data, "base64"));
    },
    async close() {
      ws.close();
      // Chromium may have gone already; waiting for an exit that came would hang.
      if (proc.exitCode === null && proc.signalCode === null) {
        const gone = new Promise((r) => proc.once("exit", r));
        proc.kill();
        await gone;
      }
      // Its helper processes may still be writing there for a moment; a
      // profile left in the temporary folder harms nothing.
      for (let i = 0; i < 10; i++) {
        try {
          rmSync(profile, { recursive: true, force: true });
          break;
        } catch {
          await sleep(200);
        }
      }
    },
  };
  return page;
}
