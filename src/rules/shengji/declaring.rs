//! The declaring sequence (RULES.md §1.2): show classes and [`check_declaring`].

use super::*;

/// The class index of a show code in the preset's order (0 = highest), if listed.
pub fn show_class(d: &Declaring, code: &str) -> Option<usize> {
    d.order.iter().position(|c| c.iter().any(|x| x == code))
}

/// Checks a declaring sequence: every code is known, the first is allowed to open, each
/// later show beats the standing one (a strictly higher class), and — **[r2]** 003 §三8 —
/// no seat shows again after a show of its own ruled out of turn ([`Show::out_of_turn`]).
/// Errors name the show.
pub fn check_declaring(d: &Declaring, shows: &[Show]) -> Result<(), InputError> {
    let mut best: Option<usize> = None;
    for (i, s) in shows.iter().enumerate() {
        let c = show_class(d, &s.what)
            .ok_or_else(|| err(format!("declaring[{i}].what"), Why::NotAShow { what: s.what.clone() }))?;
        if shows[..i].iter().any(|x| x.out_of_turn && x.seat == s.seat) {
            return Err(err(
                format!("declaring[{i}].seat"),
                Why::OutOfTurnBarred { seat: s.seat, what: s.what.clone() },
            ));
        }
        if i == 0 && d.not_first.contains(&s.what) {
            return Err(err(format!("declaring[{i}].what"), Why::NotFirst { what: s.what.clone() }));
        }
        if let Some(b) = best {
            if c >= b {
                return Err(err(
                    format!("declaring[{i}].what"),
                    Why::DoesNotBeat { what: s.what.clone(), standing: shows[i - 1].what.clone() },
                ));
            }
        }
        best = Some(c);
    }
    Ok(())
}

/// The trump suit a show gives: the suit of level cards, `NT` for jokers.
pub fn trump_of(code: &str) -> String {
    match code.split_once(':') {
        Some((_, suit)) => suit.to_string(),
        None => "NT".into(),
    }
}
