//! The draw (抽签): each entrant of a competition gets a number 1…n, deterministically from a
//! seed the referee enters (or taps to take one from the clock), so the draw can be
//! re-done and checked anywhere. Numbers decide the schedule positions and the seats (the
//! lower number sits N/S, 000 §四(二)3).

use super::Competition;

/// SplitMix64: a small, well-mixed generator; the same seed always gives the same stream
/// on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A uniform number in `0..n` (`n` > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// The order `0..n` shuffled by Fisher–Yates with `seed`.
pub fn permutation(n: usize, seed: u64) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    let mut rng = Rng::new(seed);
    for i in (1..n).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
    v
}

/// Draws numbers for every entrant of `c` with `seed`: the entrant at `permutation[k]` (in
/// entry order) gets number `k + 1`. Replaces any earlier draw.
pub fn draw(c: &mut Competition, seed: u64) {
    let p = permutation(c.entrants.len(), seed);
    c.draw.seed = Some(seed);
    c.draw.numbers = p.iter().enumerate().map(|(k, &i)| (c.entrants[i].clone(), k as u32 + 1)).collect();
}

/// The highest draw number typed by hand: one per entrant an event can have
/// ([`super::MAX_ENTRANTS`]).
pub const MAX_DRAW_NUMBER: u32 = super::MAX_ENTRANTS as u32;

/// A draw number as typed into the draw table: empty text clears the number (`None`); else
/// a whole number from 1 to [`MAX_DRAW_NUMBER`]. A sign, a fraction or a larger number is
/// refused (the caller keeps the stored number and says what is allowed).
pub fn parse_draw_number(s: &str) -> Result<Option<u32>, super::NotInRange> {
    if s.trim().is_empty() {
        return Ok(None);
    }
    super::whole_in(s, 1, MAX_DRAW_NUMBER).map(Some)
}

/// A seed parsed from what the referee typed: a whole number as is, any other text hashed
/// (FNV-1a) so "2024健康杯" works too. `None` for empty text.
pub fn seed_from_text(s: &str) -> Option<u64> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    if let Ok(n) = s.parse::<u64>() {
        return Some(n);
    }
    Some(fnv1a(s.as_bytes()))
}

/// FNV-1a (64 bits) of `bytes`: a small stable hash, the same on every platform.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::tests::four_pairs;

    #[test]
    fn the_same_seed_gives_the_same_draw_and_numbers_are_a_permutation() {
        let mut e = four_pairs();
        let c = &mut e.competitions[0];
        draw(c, 2024);
        let first = c.draw.numbers.clone();
        draw(c, 2024);
        assert_eq!(first, c.draw.numbers);
        let mut n: Vec<u32> = first.values().copied().collect();
        crate::sort::sort(&mut n);
        assert_eq!(n, vec![1, 2, 3, 4]);
        // Different seeds give different draws (for most seeds).
        let distinct: std::collections::HashSet<Vec<usize>> = (0..50).map(|s| permutation(6, s)).collect();
        assert!(distinct.len() > 30);
        // Every number is about equally likely for each position.
        let mut count = [0u32; 4];
        for s in 0..4000 {
            count[permutation(4, s)[0]] += 1;
        }
        assert!(count.iter().all(|&c| (850..1150).contains(&c)), "{count:?}");
    }

    /// A draw number typed by hand: empty clears it; a whole number 1…256 is taken; a
    /// sign, a fraction, zero or a number beyond any event's entrants is refused with the
    /// range allowed.
    #[test]
    fn typed_draw_numbers_are_whole_numbers_in_range() {
        assert_eq!(parse_draw_number(" "), Ok(None));
        assert_eq!(parse_draw_number(" 7 "), Ok(Some(7)));
        assert_eq!(parse_draw_number("256"), Ok(Some(MAX_DRAW_NUMBER)));
        let bad = crate::tournament::NotInRange { lo: 1, hi: 256 };
        for s in ["-1", "0", "2.5", "99999999999", "257", "abc", "+3"] {
            assert_eq!(parse_draw_number(s), Err(bad), "{s}");
        }
        assert_eq!(bad.to_string(), "a whole number from 1 to 256");
    }

    #[test]
    fn seeds_from_text() {
        assert_eq!(seed_from_text(" 42 "), Some(42));
        assert_eq!(seed_from_text(""), None);
        assert_eq!(seed_from_text("健康杯"), seed_from_text("健康杯"));
        assert_ne!(seed_from_text("健康杯"), seed_from_text("南通"));
    }
}
