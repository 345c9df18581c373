// A real table for the page's tests: each board of a game's default layout as
// an arbiter-vboard (as `arbiterd --print-start` names them), arbiterd
// refereeing them, and arbiter-web following arbiterd, each its own process
// in a scratch folder of its own. Moves are typed into the boards as a user
// types them (docs/vboard.md); what arbiterd says is read from its output.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ARBITERD = process.env.ARBITERD;
const ARBITER_VBOARD = process.env.ARBITER_VBOARD;
const ARBITER_WEB = process.env.ARBITER_WEB;
const ARBITERCTL = process.env.ARBITERCTL;

export const programsKnown = Boolean(ARBITERD && ARBITER_VBOARD && ARBITER_WEB && ARBITERCTL);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// One child process whose output lines are kept, to wait for.
export class Child {
  constructor(argv, env) {
    this.lines = [];
    this.partial = "";
    this.proc = spawn(argv[0], argv.slice(1), { env, stdio: ["pipe", "pipe", "pipe"] });
    const read = (chunk) => {
      const text = this.partial + chunk.toString();
      const parts = text.split("\n");
      this.partial = parts.pop();
      this.lines.push(...parts);
    };
    this.proc.stdout.on("data", read);
    this.proc.stderr.on("data", read);
    this.exited = new Promise((resolve) => this.proc.once("exit", (code) => resolve(code)));
  }
  send(text) {
    this.proc.stdin.write(text + "\n");
  }
  // The index of the first line from `from` on holding `needle`; throws after `ms`.
  async waitFor(needle, { from = 0, ms = 10000 } = {}) {
    const deadline = Date.now() + ms;
    for (;;) {
      const at = this.lines.findIndex((line, i) => i >= from && line.includes(needle));
      if (at >= 0) return at;
      if (Date.now() > deadline)
        throw new Error(`never said "${needle}"; said:\n${this.lines.slice(-20).join("\n")}`);
      await sleep(20);
    }
  }
  stop() {
    if (this.proc.exitCode === null) this.proc.kill("SIGTERM");
    return this.exited;
  }
}

export class LiveTable {
  // A table of `args` (arbiterd's options: --game martian ...), on the
  // game's own virtual boards, followed by arbiter-web unless `web` is false
  // (a table of the hall, which arbiter-web --hall follows through its broker).
  static async open(args, { daemonExtra = [], web = true } = {}) {
    const table = new LiveTable();
    try {
      await table.#start(args, daemonExtra, web);
    } catch (e) {
      await table.close(); // what did start, and its folder
      throw e;
    }
    return table;
  }

  async #start(args, daemonExtra, web) {
    this.dir = mkdtempSync(join(tmpdir(), "arbiter-web-page-"));
    mkdirSync(join(this.dir, "run"), { mode: 0o700 });
    this.env = { ...process.env, ARBITER_VBOARD_DIR: join(this.dir, "vboards"),
                 XDG_RUNTIME_DIR: join(this.dir, "run") };
    mkdirSync(this.env.ARBITER_VBOARD_DIR);
    this.socket = join(this.dir, "run", "arbiterd.sock");
    const common = ["--socket", this.socket, "--journal", join(this.dir, "games"), "--settle-ms", "60"];
    const printed = spawnSync(ARBITERD, [...args, ...common, "--print-start"], { env: this.env, encoding: "utf8" });
    if (printed.status !== 0) throw new Error(`arbiterd ${args.join(" ")} --print-start: ${printed.stderr}`);
    this.boards = new Map();
    this.boardArgs = new Map();
    for (const line of printed.stdout.trim().split("\n").filter(Boolean)) {
      const [device, fen] = line.split(" ");
      const name = device.slice(device.lastIndexOf(":") + 1);
      this.boardArgs.set(name, [ARBITER_VBOARD, "--name", name, "--scan-ms", "10", "--setup", fen]);
      await this.startBoard(name);
    }
    this.daemonArgs = [ARBITERD, ...args, ...common, ...daemonExtra];
    await this.startDaemon();
    if (web) await this.#startWeb("127.0.0.1:0");
  }

  // Starts arbiterd, or again after stopDaemon: it resumes the unfinished
  // game of its journal folder. What it said before is forgotten.
  async startDaemon() {
    this.daemon = new Child(this.daemonArgs, this.env);
    this.seen = 0;
    // arbiter-web started before arbiterd's socket is there tries again a
    // second later: a test that asked it something at once would be told
    // arbiterd is not running.
    await this.daemon.waitFor("control socket:");
  }
  stopDaemon() {
    return this.daemon.stop();
  }

  async #startWeb(listen) {
    this.web = new Child([ARBITER_WEB, "--listen", listen, "--socket", this.socket], this.env);
    const at = await this.web.waitFor("the table is at http://");
    this.url = this.web.lines[at].match(/http:\/\/[0-9.:]+\//)[0];
    // Ready when it answers for the table (503 while it has no link to arbiterd).
    for (const deadline = Date.now() + 10000; ; await sleep(20)) {
      const reply = await fetch(this.url + "api/status").catch(() => null);
      if (reply?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`arbiter-web never reached arbiterd: ${reply && (await reply.text())}`);
    }
  }

  // Stops arbiter-web, as a crash or a restart would; `startWeb` brings it
  // back on the same address, so that the pages it served can find it again.
  stopWeb() {
    return this.web.stop();
  }
  startWeb() {
    return this.#startWeb(new URL(this.url).host);
  }

  // Starts board `name` as it was started first (its --setup position), or
  // again after stopBoard, as a board unplugged and plugged in again.
  async startBoard(name) {
    const board = new Child(this.boardArgs.get(name), this.env);
    this.boards.set(name, board);
    await board.waitFor("vboard: /dev/", { ms: 10000 });
  }
  stopBoard(name) {
    return this.boards.get(name).stop();
  }

  // Types `command` on board `name` (the only board when there is one).
  type(command, name = this.boards.keys().next().value) {
    this.boards.get(name).send(command);
  }
  // Waits until arbiterd says `text` after what it said so far.
  async said(text, ms = 10000) {
    const at = await this.daemon.waitFor(text, { from: this.seen, ms });
    this.seen = at + 1;
    return this.daemon.lines[at];
  }
  // arbiterctl against this table; its output.
  control(...words) {
    const r = spawnSync(ARBITERCTL, ["--socket", this.socket, ...words], { env: this.env, encoding: "utf8" });
    return r.stdout + r.stderr;
  }
  async close() {
    await this.web?.stop();
    await this.daemon?.stop();
    for (const board of this.boards?.values() ?? []) await board.stop();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
