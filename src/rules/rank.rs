//! The level ladder `2 3 4 5 6 7 8 9 10 J Q K A` shared by 升级 and 掼蛋 (RULES.md "Terms").

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A level (级) on the ladder 2…A, stored as its index 0 (= "2") … 12 (= "A").
/// Serialized as the rank string (`"2"`…`"10"`, `"J"`, `"Q"`, `"K"`, `"A"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

const NAMES: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

impl Rank {
    /// The lowest level, 2.
    pub const TWO: Rank = Rank(0);
    /// The highest level, A.
    pub const ACE: Rank = Rank(12);

    /// The rank at ladder index `i` (0 = "2" … 12 = "A"); `None` past A.
    pub fn from_index(i: u8) -> Option<Rank> {
        (i <= 12).then_some(Rank(i))
    }
    /// Ladder index, 0 for "2" … 12 for "A".
    pub fn index(self) -> u8 {
        self.0
    }
    /// Parses `"2"`…`"10"`, `"J"`, `"Q"`, `"K"`, `"A"` (also lower case `j q k a` and `T`).
    pub fn parse(s: &str) -> Option<Rank> {
        let t = s.trim();
        let up = t.to_ascii_uppercase();
        let up = if up == "T" { "10".to_string() } else { up };
        NAMES.iter().position(|n| *n == up).map(|i| Rank(i as u8))
    }
    /// The display name ("2" … "A").
    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }
    /// This rank raised by `n` steps, saturating at A (a rise never goes past A).
    pub fn up(self, n: u32) -> Rank {
        Rank((self.0 as u32 + n).min(12) as u8)
    }
    /// This rank lowered by `n` steps, saturating at 2 (a level penalty never goes below 2).
    pub fn down(self, n: u32) -> Rank {
        Rank((self.0 as u32).saturating_sub(n) as u8)
    }
    /// All thirteen ranks, 2 first.
    pub fn all() -> impl Iterator<Item = Rank> {
        (0..13).map(Rank)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Rank {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rank, D::Error> {
        let s = String::deserialize(d)?;
        Rank::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown rank {s:?}: expected 2…10, J, Q, K or A")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_name_round_trip() {
        for r in Rank::all() {
            assert_eq!(Rank::parse(r.name()), Some(r));
        }
        assert_eq!(Rank::parse("1"), None);
        assert_eq!(Rank::parse("t"), Some(Rank::parse("10").unwrap()));
    }

    #[test]
    fn up_saturates_at_ace() {
        assert_eq!(Rank::parse("K").unwrap().up(5), Rank::ACE);
        assert_eq!(Rank::TWO.up(3).name(), "5");
    }
}
