// A real hall for the page's tests: Debian's mosquitto on a free port of
// 127.0.0.1 (a config of two lines in a scratch folder), and arbiter-web
// --hall following it. Tables publish to it as `arbiterd --mqtt URL
// --mqtt-table NAME` (live_table.mjs, with { web: false }).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Child } from "./live_table.mjs";

export const MOSQUITTO = process.env.MOSQUITTO || "/usr/sbin/mosquitto";
const ARBITER_WEB = process.env.ARBITER_WEB;

// A port free at this moment on 127.0.0.1.
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export class LiveHall {
  // The broker, then arbiter-web --hall on it; `url` is the hall page's.
  static async open() {
    const hall = new LiveHall();
    try {
      await hall.#start();
    } catch (e) {
      await hall.close();
      throw e;
    }
    return hall;
  }

  async #start() {
    this.dir = mkdtempSync(join(tmpdir(), "arbiter-hall-"));
    this.port = await freePort();
    const config = join(this.dir, "mosquitto.conf");
    writeFileSync(config, `listener ${this.port} 127.0.0.1\nallow_anonymous true\n`);
    this.broker = new Child([MOSQUITTO, "-c", config], process.env);
    await this.broker.waitFor("running", { ms: 10000 });
    this.mqtt = `mqtt://127.0.0.1:${this.port}`;
    this.web = new Child([ARBITER_WEB, "--listen", "127.0.0.1:0", "--hall", this.mqtt], process.env);
    const at = await this.web.waitFor("the hall is at http://");
    this.url = this.web.lines[at].match(/http:\/\/[0-9.:]+\//)[0];
    await this.web.waitFor(`following ${this.mqtt}`);
  }

  // The options that make arbiterd a table of this hall called `name`.
  tableOptions(name) {
    return ["--mqtt", this.mqtt, "--mqtt-table", name];
  }

  // Publishes as a table would (mosquitto_pub): for the tests of bad input.
  publish(topic, message, { retain = false } = {}) {
    const r = spawnSync("mosquitto_pub", ["-h", "127.0.0.1", "-p", String(this.port), "-q", "1",
      ...(retain ? ["-r"] : []), "-t", topic, "-m", message], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`mosquitto_pub: ${r.stderr}`);
  }

  async api() {
    return (await fetch(this.url + "api/hall")).json();
  }

  async close() {
    await this.web?.stop();
    await this.broker?.stop();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
