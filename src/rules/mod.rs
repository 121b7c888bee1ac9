//! The pure rules core: no web imports, tested natively with `cargo test`.
//!
//! One module per game family of `shared/RULES.md`; presets are serde data, never
//! `if preset == …`. Shared vocabulary (teams, seats, the 2…A rank ladder) lives here.

pub mod rank;
pub mod doudizhu;
pub mod guandan;
pub mod renju;
pub mod sandayi;
pub mod shengji;

pub use rank::Rank;

use serde::{Deserialize, Serialize};

/// A partnership. `A` sits North/South (南北), `B` East/West (东西) — RULES.md §1 "Terms".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Team {
    A,
    B,
}

impl Team {
    /// The other partnership.
    pub fn other(self) -> Team {
        match self {
            Team::A => Team::B,
            Team::B => Team::A,
        }
    }
    /// Both teams, `A` first.
    pub const BOTH: [Team; 2] = [Team::A, Team::B];
}

/// A seat at a four-player table. Play (and the deal) moves counter-clockwise (逆时针):
/// N → W → S → E → N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    N,
    E,
    S,
    W,
}

impl Seat {
    /// All four seats in counter-clockwise order starting at North.
    pub const CCW: [Seat; 4] = [Seat::N, Seat::W, Seat::S, Seat::E];

    /// The partnership this seat belongs to (N/S → A, E/W → B).
    pub fn team(self) -> Team {
        match self {
            Seat::N | Seat::S => Team::A,
            Seat::E | Seat::W => Team::B,
        }
    }
    /// The next seat counter-clockwise (逆时针): N → W → S → E → N.
    pub fn next_ccw(self) -> Seat {
        match self {
            Seat::N => Seat::W,
            Seat::W => Seat::S,
            Seat::S => Seat::E,
            Seat::E => Seat::N,
        }
    }
    /// The partner's seat (across the table).
    pub fn partner(self) -> Seat {
        match self {
            Seat::N => Seat::S,
            Seat::S => Seat::N,
            Seat::E => Seat::W,
            Seat::W => Seat::E,
        }
    }
    /// Parses `"N"`, `"E"`, `"S"`, `"W"`.
    pub fn parse(s: &str) -> Option<Seat> {
        match s {
            "N" => Some(Seat::N),
            "E" => Some(Seat::E),
            "S" => Some(Seat::S),
            "W" => Some(Seat::W),
            _ => None,
        }
    }
}
