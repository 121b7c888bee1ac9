//! Elapsed time that does not trust the device's wall clock.
//!
//! A page session has two clocks: the wall clock (`Date.now()`, ms since the epoch; the
//! referee or the network may set it at any moment, by a second or by an hour) and a
//! monotonic clock (`performance.now()`, ms since the page loaded; never jumps, but starts
//! again at 0 on each load). Running time is measured here as *runs*: a run started at a
//! wall time (the `at_ms` of the entry that started it, or of a countdown), and what has
//! elapsed since is counted on the monotonic clock. A reload or a closed tab loses the
//! monotonic clock: the run goes on from a persisted [`Heartbeat`] (or from its start) by
//! the wall clock's difference, checked — a negative or implausible difference is a
//! [`Jump`], shown and never counted. Within a page session, a [`Watch`] compares the two
//! clocks on every tick and reports each jump.
//!
//! Pure (no web dependencies): the page feeds it readings of both clocks; the tests feed it
//! a fake clock that jumps.

use serde::{Deserialize, Serialize};

/// A difference between the wall clock's and the monotonic clock's progress larger than this
/// is a jump of the wall clock, ms (timers may be late by a second; a tab in the background
/// ticks once a minute, but both clocks advance alike).
pub const JUMP_TOLERANCE_MS: f64 = 3_000.0;

/// Longest wall-clock gap counted across a reload or a closed tab, ms (12 h): a longer one
/// (the device clock set a day ahead) is a jump.
pub const MAX_GAP_MS: f64 = 12.0 * 3_600_000.0;

/// A jump of the wall clock: `delta_ms` more (positive) or less (negative) wall time passed
/// than really did, seen at wall time `wall_ms` (after the jump).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Jump {
    /// Wall time when it was seen, ms since the epoch (device time after the jump).
    pub wall_ms: f64,
    /// Wall-clock change minus the time that really passed, ms.
    pub delta_ms: f64,
}

/// One reading of both clocks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// `Date.now()`.
    pub wall_ms: f64,
    /// `performance.now()`.
    pub mono_ms: f64,
}

/// Compares successive readings of one page session: reports a jump of the wall clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Watch {
    last: Reading,
}

impl Watch {
    /// A watch from a first reading.
    pub fn new(r: Reading) -> Watch {
        Watch { last: r }
    }
    /// The next reading: a jump when the wall clock moved more than
    /// [`JUMP_TOLERANCE_MS`] away from the monotonic clock since the last one.
    pub fn observe(&mut self, r: Reading) -> Option<Jump> {
        let delta = (r.wall_ms - self.last.wall_ms) - (r.mono_ms - self.last.mono_ms);
        self.last = r;
        (delta.abs() > JUMP_TOLERANCE_MS).then_some(Jump { wall_ms: r.wall_ms, delta_ms: delta })
    }
}

/// A wall-clock difference across a reload (or since a run's start, read from the log):
/// what counts of it, and the jump when it does not. Negative (beyond the tolerance) or
/// longer than [`MAX_GAP_MS`]: nothing counts.
pub fn checked_gap(gap_ms: f64, wall_now: f64) -> (f64, Option<Jump>) {
    if !(-JUMP_TOLERANCE_MS..=MAX_GAP_MS).contains(&gap_ms) {
        (0.0, Some(Jump { wall_ms: wall_now, delta_ms: if gap_ms.is_finite() { gap_ms } else { 0.0 } }))
    } else {
        (gap_ms.max(0.0), None)
    }
}

/// A run: time elapsed since wall time `start_ms`, counted on this page session's monotonic
/// clock from an anchor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// Wall time the run started (its key: an entry's `at_ms`, a countdown's start).
    pub start_ms: f64,
    /// Time elapsed since the start at `mono_ms`, ms.
    since_ms: f64,
    /// The anchor on the monotonic clock.
    mono_ms: f64,
}

/// A run as persisted (sessionStorage) on each tick: a reload goes on from it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Heartbeat {
    /// The run's start, wall ms.
    pub start_ms: f64,
    /// Elapsed since the start at `wall_ms`, ms.
    pub since_ms: f64,
    /// Wall time of the heartbeat, ms.
    pub wall_ms: f64,
}

impl Run {
    /// A run first seen in this page session, with nothing persisted: elapsed since its
    /// start by the wall clock, checked ([`checked_gap`]; a run just started here gives 0).
    pub fn first_seen(start_ms: f64, now: Reading) -> (Run, Option<Jump>) {
        let (since, jump) = checked_gap(now.wall_ms - start_ms, now.wall_ms);
        (Run { start_ms, since_ms: since, mono_ms: now.mono_ms }, jump)
    }
    /// A run going on from a heartbeat of an earlier page session (a reload, a tab closed
    /// and opened again): the heartbeat's elapsed time plus the wall-clock gap, checked.
    ///
    /// When the device clock stood behind the run's own reckoning at the heartbeat (it was
    /// put back, a jump seen and not counted), a gap that also holds the clock being set
    /// right again would count that correction as time played. Then only the gap by the
    /// run's reckoning counts; the rest is a jump, shown, which the referee may count (the
    /// tab really was closed that long).
    pub fn resume(hb: &Heartbeat, now: Reading) -> (Run, Option<Jump>) {
        let (mut gap, mut jump) = checked_gap(now.wall_ms - hb.wall_ms, now.wall_ms);
        let own_now = hb.start_ms + hb.since_ms;
        if jump.is_none() && own_now - hb.wall_ms > JUMP_TOLERANCE_MS {
            let own = (now.wall_ms - own_now).max(0.0);
            if gap - own > JUMP_TOLERANCE_MS {
                jump = Some(Jump { wall_ms: now.wall_ms, delta_ms: gap - own });
                gap = own;
            }
        }
        (Run { start_ms: hb.start_ms, since_ms: hb.since_ms.max(0.0) + gap, mono_ms: now.mono_ms }, jump)
    }
    /// Elapsed since the start at monotonic time `mono_now`, ms.
    pub fn since(&self, mono_now: f64) -> f64 {
        self.since_ms + (mono_now - self.mono_ms).max(0.0)
    }
    /// Counts `ms` more (a forward jump the referee says was real: the device slept, and a
    /// sleeping device's monotonic clock may stop). Never below nothing.
    pub fn credit(&mut self, ms: f64) {
        if ms.is_finite() {
            self.since_ms = (self.since_ms + ms).max(0.0);
        }
    }
    /// The heartbeat to persist now.
    pub fn heartbeat(&self, now: Reading) -> Heartbeat {
        Heartbeat { start_ms: self.start_ms, since_ms: self.since(now.mono_ms), wall_ms: now.wall_ms }
    }
    /// The wall time this run's arithmetic stands for now: `start + since` — what a clock
    /// that only reads wall times (`Clock::elapsed_ms(now)`) must be given.
    pub fn now_ms(&self, mono_now: f64) -> f64 {
        self.start_ms + self.since(mono_now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::Clock;
    use crate::record::ClockAction;

    /// A device: a wall clock that can be set, a monotonic clock that cannot.
    struct Fake {
        wall: f64,
        mono: f64,
    }
    impl Fake {
        fn at(wall: f64) -> Fake {
            Fake { wall, mono: 0.0 }
        }
        fn pass(&mut self, ms: f64) {
            self.wall += ms;
            self.mono += ms;
        }
        fn set_wall(&mut self, by: f64) {
            self.wall += by;
        }
        fn r(&self) -> Reading {
            Reading { wall_ms: self.wall, mono_ms: self.mono }
        }
        /// A reload: the monotonic clock starts again.
        fn reload(&mut self) {
            self.mono = 0.0;
        }
    }
    const H: f64 = 3_600_000.0;
    const T0: f64 = 1_780_000_000_000.0;

    /// Ticks every 500 ms for `ms`, feeding `w`; returns the jumps seen.
    fn ticks(d: &mut Fake, w: &mut Watch, ms: f64) -> Vec<Jump> {
        let mut out = Vec::new();
        let mut left = ms;
        while left > 0.0 {
            let step = left.min(500.0);
            d.pass(step);
            left -= step;
            out.extend(w.observe(d.r()));
        }
        out
    }

    #[test]
    fn a_jump_either_way_is_seen_and_not_counted() {
        for jump in [H, -H, 180_000.0, 30_000.0, -30_000.0] {
            let mut d = Fake::at(T0);
            let mut w = Watch::new(d.r());
            // The clock is started: a run from this entry's time.
            let (run, j) = Run::first_seen(d.wall, d.r());
            assert_eq!(j, None);
            assert!(ticks(&mut d, &mut w, 46_000.0).is_empty());
            d.set_wall(jump);
            let seen = ticks(&mut d, &mut w, 500.0);
            assert_eq!(seen.len(), 1, "jump {jump}");
            assert!((seen[0].delta_ms - jump).abs() < 1.0);
            assert!(ticks(&mut d, &mut w, 10_000.0).is_empty());
            // 56.5 s really passed, whatever the wall clock says.
            assert_eq!(run.since(d.mono), 56_500.0);
        }
    }

    /// A device asleep for 10 min looks like a forward jump (its monotonic clock stopped):
    /// not counted, unless the referee counts it.
    #[test]
    fn a_forward_jump_counts_only_when_credited() {
        let mut d = Fake::at(T0);
        let mut w = Watch::new(d.r());
        let (mut run, _) = Run::first_seen(d.wall, d.r());
        ticks(&mut d, &mut w, 5_000.0);
        d.set_wall(600_000.0);
        let j = ticks(&mut d, &mut w, 500.0);
        assert_eq!(run.since(d.mono), 5_500.0);
        run.credit(j[0].delta_ms);
        assert_eq!(run.since(d.mono), 605_500.0);
    }

    #[test]
    fn small_drift_is_not_a_jump() {
        let mut d = Fake::at(T0);
        let mut w = Watch::new(d.r());
        d.pass(500.0);
        d.set_wall(JUMP_TOLERANCE_MS - 1.0);
        assert_eq!(w.observe(d.r()), None);
        // A tab in the background ticks once a minute: both clocks moved alike.
        d.pass(60_000.0);
        assert_eq!(w.observe(d.r()), None);
    }

    /// The tester's case: −1 h, then 暂停 — the 46 s already played stay (the pause records
    /// the elapsed time measured on the monotonic clock; the replay takes it).
    #[test]
    fn a_pause_after_minus_one_hour_keeps_the_time_played() {
        let mut d = Fake::at(T0);
        let mut c = Clock::default();
        let start_at = d.wall;
        c.act_at(ClockAction::Start, start_at, Some(0.0));
        let (run, _) = Run::first_seen(start_at, d.r());
        d.pass(46_000.0);
        d.set_wall(-H);
        let elapsed = c.elapsed_ms(run.now_ms(d.mono));
        assert_eq!(elapsed, 46_000.0);
        c.act_at(ClockAction::Pause, d.wall, Some(elapsed));
        assert_eq!(c.elapsed_ms(d.wall + 5.0 * H), 46_000.0);
        // The old arithmetic (no elapsed recorded) lost them: the pause is before the start.
        let mut old = Clock::default();
        old.act_at(ClockAction::Start, start_at, None);
        old.act_at(ClockAction::Pause, d.wall, None);
        assert_eq!(old.elapsed_ms(d.wall), 0.0);
    }

    /// +1 h (or +3 min) during a running clock never reaches a 30-minute limit.
    #[test]
    fn plus_one_hour_does_not_reach_the_limit() {
        for jump in [H, 180_000.0] {
            let mut d = Fake::at(T0);
            let mut c = Clock::default();
            c.act_at(ClockAction::Start, d.wall, Some(0.0));
            let (run, _) = Run::first_seen(d.wall, d.r());
            d.pass(28.0 * 60_000.0);
            d.set_wall(jump);
            d.pass(1_000.0);
            assert_eq!(c.elapsed_ms(run.now_ms(d.mono)), 28.0 * 60_000.0 + 1_000.0);
            // The wall clock alone would say time is up.
            assert!(c.elapsed_ms(d.wall) >= 30.0 * 60_000.0);
        }
    }

    /// A reload goes on from the last heartbeat: the seconds of the reload count, a jump
    /// seen before the reload stays uncounted, and a wall clock put back during the reload
    /// is a jump (counted as nothing, not as a negative time).
    #[test]
    fn a_reload_goes_on_from_the_heartbeat() {
        let mut d = Fake::at(T0);
        let (run, _) = Run::first_seen(d.wall, d.r());
        d.pass(10_000.0);
        d.set_wall(H); // seen by the watch of that session, not counted
        d.pass(5_000.0);
        let hb = run.heartbeat(d.r());
        assert_eq!(hb.since_ms, 15_000.0);
        d.pass(1_500.0);
        d.reload();
        let (run2, j) = Run::resume(&hb, d.r());
        assert_eq!(j, None);
        assert_eq!(run2.since(d.mono), 16_500.0);
        d.pass(2_000.0);
        assert_eq!(run2.since(d.mono), 18_500.0);
        // Put back by an hour while reloading: a jump, nothing of the gap counts.
        let hb = run2.heartbeat(d.r());
        d.pass(1_000.0);
        d.set_wall(-H);
        d.reload();
        let (run3, j) = Run::resume(&hb, d.r());
        assert!(j.is_some_and(|j| (j.delta_ms + H - 1_000.0).abs() < 1.0));
        assert_eq!(run3.since(d.mono), 18_500.0);
        // Set a day ahead while the tab was closed: a jump too.
        let hb = run3.heartbeat(d.r());
        d.set_wall(24.0 * H);
        d.reload();
        let (run4, j) = Run::resume(&hb, d.r());
        assert!(j.is_some());
        assert_eq!(run4.since(d.mono), 18_500.0);
    }

    /// The device clock put back an hour while the page is open (seen, not counted), then
    /// set right while the page reloads: the correction is not time played. It is shown
    /// as a jump the referee may count; a tab really closed for a while after a clock put
    /// back counts by the run's reckoning, the rest shown the same way.
    #[test]
    fn a_clock_put_back_then_set_right_across_a_reload_adds_no_time() {
        let mut d = Fake::at(T0);
        let (run, _) = Run::first_seen(d.wall, d.r());
        d.pass(10_000.0);
        d.set_wall(-H);
        d.pass(5_000.0);
        let hb = run.heartbeat(d.r());
        assert_eq!(hb.since_ms, 15_000.0);
        d.pass(1_000.0);
        d.set_wall(H);
        d.reload();
        let (run2, j) = Run::resume(&hb, d.r());
        assert_eq!(run2.since(d.mono), 16_000.0);
        assert_eq!(j.map(|j| j.delta_ms), Some(H));
        // Reloaded with the clock still an hour behind: the reload's second counts.
        let mut d = Fake::at(T0);
        let (run, _) = Run::first_seen(d.wall, d.r());
        d.pass(10_000.0);
        d.set_wall(-H);
        let hb = run.heartbeat(d.r());
        d.pass(1_000.0);
        d.reload();
        let (run2, j) = Run::resume(&hb, d.r());
        assert_eq!((run2.since(d.mono), j), (11_000.0, None));
        // Put back 5 minutes, then the tab closed for 30: 25 count, 5 are shown.
        let mut d = Fake::at(T0);
        let (run, _) = Run::first_seen(d.wall, d.r());
        d.set_wall(-5.0 * 60_000.0);
        let hb = run.heartbeat(d.r());
        d.pass(30.0 * 60_000.0);
        d.reload();
        let (run2, j) = Run::resume(&hb, d.r());
        assert_eq!(run2.since(d.mono), 25.0 * 60_000.0);
        assert_eq!(j.map(|j| j.delta_ms), Some(5.0 * 60_000.0));
    }

    /// A run read from the log with no heartbeat (a tab closed, another device's entry):
    /// its start by the wall clock, checked.
    #[test]
    fn a_run_from_the_log_is_checked() {
        let d = Fake::at(T0);
        let (r, j) = Run::first_seen(T0 - 58.0 * 60_000.0, d.r());
        assert_eq!((r.since(d.mono), j), (58.0 * 60_000.0, None));
        // Started "in the future" (the clock was put back since): nothing counts, a jump.
        let (r, j) = Run::first_seen(T0 + H, d.r());
        assert_eq!(r.since(d.mono), 0.0);
        assert_eq!(j.map(|j| j.delta_ms), Some(-H));
        // Within the tolerance: no jump, nothing negative.
        let (r, j) = Run::first_seen(T0 + 1_000.0, d.r());
        assert_eq!((r.since(d.mono), j), (0.0, None));
    }

    /// A countdown of 20 s (扣底): +30 s on the wall clock is no overrun; after a reload it
    /// goes on where it was.
    #[test]
    fn a_countdown_is_monotonic_and_survives_a_reload() {
        let mut d = Fake::at(T0);
        let (cd, _) = Run::first_seen(d.wall, d.r());
        d.pass(8_000.0);
        d.set_wall(30_000.0);
        assert_eq!(20_000.0 - cd.since(d.mono), 12_000.0);
        let hb = cd.heartbeat(d.r());
        d.pass(700.0);
        d.reload();
        let (cd2, j) = Run::resume(&hb, d.r());
        assert_eq!(j, None);
        assert_eq!(cd2.since(d.mono), 8_700.0);
    }

    /// Older stored logs (clock entries with no elapsed time) still read, as the same
    /// entries, and give the elapsed time they gave (the wall time between entries); a new
    /// entry's elapsed time is stored and read back, and wins over the wall times.
    #[test]
    fn older_logs_read_and_give_the_same_elapsed_time() {
        use crate::record::replay::{replay, MatchView};
        use crate::record::{sample, schema, Entry, Op};
        let mut m = sample::blank_shengji("m", "jiankang-chaodipi", T0);
        let clock = |id: &str, at: f64, action| Entry {
            after: None,
            id: id.into(),
            at_ms: at,
            op: Op::Clock { action, elapsed_ms: None },
        };
        m.append(clock("c1", T0, ClockAction::Start)).unwrap();
        m.append(clock("c2", T0 + 46_000.0, ClockAction::Pause)).unwrap();
        m.append(clock("c3", T0 + 60_000.0, ClockAction::Resume)).unwrap();
        let text = schema::store_match(&m);
        // As an older build wrote them: no `elapsed_ms` key at all.
        assert!(text.contains(r#""type":"clock","action":"pause"}"#), "{text}");
        let back = schema::load_stored(&text).unwrap();
        assert_eq!(back, m);
        let clock_of = |m: &crate::record::Match| match replay(m) {
            MatchView::Shengji(v) => v.current().clock.clone(),
            _ => unreachable!(),
        };
        let c = clock_of(&back);
        assert_eq!((c.banked_ms, c.running_since), (46_000.0, Some(T0 + 60_000.0)));
        assert_eq!(c.elapsed_ms(T0 + 70_000.0), 56_000.0);
        // A pause with its elapsed time, logged an hour "before" the resume (clock put back).
        let mut m2 = back.clone();
        m2.append(Entry {
            after: None,
            id: "c4".into(),
            at_ms: T0 - H,
            op: Op::Clock { action: ClockAction::Pause, elapsed_ms: Some(70_000.0) },
        })
        .unwrap();
        let back2 = schema::load_stored(&schema::store_match(&m2)).unwrap();
        assert_eq!(back2, m2);
        assert_eq!(clock_of(&back2).elapsed_ms(0.0), 70_000.0);
        // A verdict rests on its elapsed time too; an impossible one is refused.
        let mut m3 = back.clone();
        let tv = |ms| Entry {
            after: None,
            id: "tv".into(),
            at_ms: T0 - H,
            op: Op::TimeVerdict { winner: crate::rules::Team::A, elapsed_ms: Some(ms) },
        };
        assert_eq!(m3.clone().append(tv(-5.0)).unwrap_err().field, "op.elapsed_ms");
        m3.append(tv(7_200_000.0)).unwrap();
        assert_eq!(clock_of(&m3).elapsed_ms(0.0), 7_200_000.0);
        // A malformed value names its field on import.
        let bad = schema::store_match(&m2).replace("70000.0", r#""x""#);
        assert!(schema::load_stored(&bad).unwrap_err().field.ends_with("elapsed_ms"), "{bad}");
    }
}
