// The clocks as arbiterd shows them, counted down on the page between
// snapshots so that they tick without a message a second from the server.

// A time as arbiterd's clockText writes it (engine/core/clock_reading.cpp):
// rounded up to the unit shown, as tournament clocks do, so that 0:00 means
// the flag has fallen; tenths below a minute ("0:09.4"), hours from an hour.
export function formatClock(ms) {
  const time = Math.max(0, Math.floor(ms));
  const tenthsUp = Math.floor((time + 99) / 100);
  let whole;
  let tenths = null;
  if (tenthsUp < 600) {
    tenths = tenthsUp % 10;
    whole = Math.floor(tenthsUp / 10);
  } else {
    whole = Math.floor((time + 999) / 1000);
  }
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor(whole / 60) % 60;
  const seconds = String(whole % 60).padStart(2, "0");
  if (tenths !== null) return `0:${seconds}.${tenths}`;
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`;
  return `${minutes}:${seconds}`;
}

// The clocks of one snapshot, read at `now` (ms, performance.now()'s scale):
// only the clock of the seat to move runs, and only while clockRunning.
export class Clocks {
  constructor(session, now) {
    this.ms = (session && session.clock) || [];
    this.text = (session && session.clockText) || [];
    this.known = !session || session.clockKnown !== false;
    this.running = Boolean(session && session.clockRunning && !session.over);
    this.toMove = session ? session.toMove : -1;
    this.since = now;
  }

  remaining(seat, now) {
    const ms = this.ms[seat] ?? 0;
    return this.running && seat === this.toMove ? ms - (now - this.since) : ms;
  }

  // What seat's clock reads at `now`, rounded as arbiterd rounds, so that it
  // reads as the snapshot's clockText did at the moment it was sent.
  read(seat, now) {
    if (!this.known || this.ms[seat] === undefined) return this.text[seat] ?? "?";
    return formatClock(this.remaining(seat, now));
  }
}
