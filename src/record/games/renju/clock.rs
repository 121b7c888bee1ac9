//! The per-player clock of one 五子棋 game ([`TurnClock`]): the side to move's time runs as
//! one match [`Clock`], charged to its colour.

use super::*;

/// The per-player clock of one game: time used by each colour, ms.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TurnClock {
    /// Started at least once in this game.
    pub started: bool,
    /// Running (for the side to move) since this time, ms; `None` when stopped.
    pub running_since: Option<f64>,
    /// Time used by black, ms (up to `running_since`).
    pub black_ms: f64,
    /// Time used by white, ms (up to `running_since`).
    pub white_ms: f64,
}

impl TurnClock {
    /// Time used by `c` up to the last logged event, ms.
    pub fn used_ms(&self, c: Stone) -> f64 {
        match c {
            Stone::Black => self.black_ms,
            Stone::White => self.white_ms,
        }
    }
    /// Time used by `c` at `now_ms`, counting the running interval when `c` is to move.
    pub fn elapsed_ms(&self, c: Stone, to_move: Stone, now_ms: f64) -> f64 {
        let run = match self.running_since {
            Some(s) if c == to_move => (now_ms - s).max(0.0),
            _ => 0.0,
        };
        self.used_ms(c) + run
    }
    pub(super) fn charge(&mut self, c: Stone, at: f64) {
        if let Some(s) = self.running_since {
            let d = (at - s).max(0.0);
            match c {
                Stone::Black => self.black_ms += d,
                Stone::White => self.white_ms += d,
            }
            self.running_since = Some(at.max(s));
        }
    }
    /// `elapsed`: the time used by the side to move recorded with a pause
    /// ([`Op::Clock::elapsed_ms`], measured on the monotonic clock); without it (older logs)
    /// the wall time since the last stone counts.
    ///
    /// The side to move's time runs as one [`Clock`] ([`Clock::act_at`]); a start or resume
    /// banks no recorded total here, since the total it carries is the match's, not a side's.
    pub(super) fn act(&mut self, a: ClockAction, to_move: Stone, at: f64, elapsed: Option<f64>) {
        let mut side =
            Clock { started: self.started, running_since: self.running_since, banked_ms: self.used_ms(to_move) };
        side.act_at(a, at, if a == ClockAction::Pause { elapsed } else { None });
        self.started = side.started;
        self.running_since = side.running_since;
        match to_move {
            Stone::Black => self.black_ms = side.banked_ms,
            Stone::White => self.white_ms = side.banked_ms,
        }
    }
    pub(super) fn stop(&mut self, to_move: Stone, at: f64) {
        self.charge(to_move, at);
        self.running_since = None;
    }
}
