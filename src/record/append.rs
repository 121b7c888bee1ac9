//! Appending to a match's log: each new entry checked against the log (and replayed with
//! it when it may change an earlier hand), the live preview that refuses exactly what the
//! commit would, and how an error names the entry it is about.

use super::{replay, schema, Entry, ImportError, Match, Op};

/// The field of [`Match::append`]'s error when a void or a correction would make a later
/// hand impossible.
pub const LATER_HAND: &str = "op.later_hand";

/// The field of [`Match::append_replayed`]'s error when the new entry itself does not
/// replay on the log as it is (a hand after the game was won, say: another tab's hand
/// came first).
pub const NOT_PLAYABLE: &str = "op.not_playable";

/// Whether [`Match::append`] replays the log of `m` with an entry of this kind: a void or a
/// correction changes an earlier hand; a move to the next game/table/round, a ruling and an
/// appeal are rare and count only at the right moment (the round before over, a deal at this
/// table). In a session game (斗地主, 三打一: [`crate::record::game::Game::SESSION`]) a new
/// hand is replayed too: whether it counts depends on the session so far (ended by a ruling,
/// by the last table's time, or by a decided play-off — RULES.md §0 **[r2]**, §3), and a
/// session is a few dozen hands.
fn replays(m: &Match, op: &Op) -> bool {
    matches!(
        op,
        Op::Void { .. }
            | Op::Correct { .. }
            | Op::NextGame { .. }
            | Op::Ruling { .. }
            | Op::CorrectRuling { .. }
            | Op::Appeal { .. }
    ) || (matches!(op, Op::Hand { .. }) && m.setup.id().session())
}

impl Match {
    /// Appends an entry after checking it against the log
    /// ([`schema::check_new_entry`]). Errors name the field; on error nothing changes.
    ///
    /// A void or a correction changes an earlier hand, so the whole log is replayed with
    /// it: if a hand that replayed before no longer does (deleting hand 13 leaves hand 14
    /// after the game was won, say), the entry is refused with field [`LATER_HAND`] and
    /// the later hand's error — a stored match must replay ([`schema::validate_match`]),
    /// or it could not be read back. A move to the next game ([`Op::NextGame`]) is
    /// replayed too (refused with [`NOT_PLAYABLE`] when it cannot count), and so is a new hand
    /// of a session game (a hand after the session ended). Other entries
    /// cannot change an earlier hand and are not replayed here: a new hand's own result is
    /// the caller's to have checked on this very log (the page's preview). When the log
    /// may have changed since that check (another tab wrote), use
    /// [`Match::append_replayed`].
    pub fn append(&mut self, entry: Entry) -> Result<(), ImportError> {
        let replay = replays(self, &entry.op);
        self.append_checked(entry, replay)
    }

    /// Whether [`Match::append`] would take `entry`: the same checks, and `self` unchanged.
    /// An entry that `append` does not replay the log for (a new hand, a penalty, a timer
    /// event) is checked against the log as it is, without a copy of it, so a page's live
    /// preview costs the same on a long match as on a short one; the others are
    /// [`Match::preview`]ed.
    pub fn check(&self, mut entry: Entry) -> Result<(), ImportError> {
        if replays(self, &entry.op) {
            return self.preview(entry).map(|_| ());
        }
        self.stamp(&mut entry);
        schema::check_new_entry(self, &entry)
    }

    /// The match with `entry` appended, or why not: the same checks as [`Match::append`],
    /// so a page's live preview refuses exactly what its commit would. `self` is unchanged.
    pub fn preview(&self, entry: Entry) -> Result<Match, ImportError> {
        let mut m = self.clone();
        m.append(entry)?;
        Ok(m)
    }

    /// What the ruling `entry` (an [`Op::Ruling`], or an [`Op::CorrectRuling`] of one) would
    /// amount to once recorded (RULES.md §0 **[r2]**): the match is [`Match::preview`]ed with
    /// it — the same checks and replay as its commit — and its count read back (a warning's
    /// number under its rule and what the preset's ladder makes of it: 南通 §四, the 2nd
    /// signalling warning is the game lost). `Ok(None)` when the game does not count it
    /// through a preset's rules; `Err` when the match would refuse it.
    pub fn preview_ruling(&self, entry: Entry) -> Result<Option<crate::rules::ruling::Counted>, ImportError> {
        let id = match &entry.op {
            Op::CorrectRuling { target, .. } => target.clone(),
            _ => entry.id.clone(),
        };
        let m = self.preview(entry)?;
        Ok(replay::replay(&m).counted().into_iter().find(|(e, _)| *e == id).map(|(_, c)| c))
    }

    /// [`Match::append`], and the log is replayed with the entry whatever it is: for an
    /// entry checked against another version of the log (another tab's hands came first,
    /// or an entry put back after another tab's write). A new entry that does not replay
    /// itself is refused with field [`NOT_PLAYABLE`] (reason: its place and the rule's
    /// error, e.g. `entries[25]: hand: game over: team A already won`); one that breaks a
    /// later hand with [`LATER_HAND`]. On error nothing changes.
    pub fn append_replayed(&mut self, entry: Entry) -> Result<(), ImportError> {
        self.append_checked(entry, true)
    }

    fn append_checked(&mut self, mut entry: Entry, replay: bool) -> Result<(), ImportError> {
        self.stamp(&mut entry);
        schema::check_new_entry(self, &entry)?;
        // The log replays before (every match here was read, imported or appended through
        // these checks), so one replay with the entry tells.
        let new_id = entry.id.clone();
        self.entries.push(entry);
        if replay {
            let view = replay::replay(self);
            let mut failed = view.first_error();
            if failed.is_none() {
                // An entry other than a hand that does not count (a next round before this
                // one is over) is refused when it is new — one an older log already had
                // is not held against this entry.
                let after = view.refused();
                if !after.is_empty() {
                    let e = self.entries.pop().expect("just pushed");
                    let before: std::collections::HashSet<String> =
                        replay::replay(self).refused().into_iter().map(|(id, _)| id).collect();
                    self.entries.push(e);
                    failed = after.into_iter().find(|(id, _)| !before.contains(id));
                }
            }
            if let Some((id, e)) = failed {
                // A later entry is named as the log stands without this one (as the page shows
                // it); the new entry itself while it is in the log (its hand number counts it).
                let new_place = (id == new_id).then(|| self.place_of(&id));
                self.entries.pop();
                let place = new_place.unwrap_or_else(|| self.place_of(&id));
                let (field, at) = if id == new_id {
                    (NOT_PLAYABLE, format!("entries[{}]", self.entries.len()))
                } else {
                    (
                        LATER_HAND,
                        self.entries.iter().position(|x| x.id == id).map(|i| format!("entries[{i}]")).unwrap_or(id),
                    )
                };
                let reason = if field == NOT_PLAYABLE {
                    format!("{at}: {}: {}", e.field, e.reason)
                } else {
                    format!("{at} would no longer replay: {}: {}", e.field, e.reason)
                };
                // The typed reason, when the rule gave one, wrapped the same way, the entry
                // named by its hand number and the field in words.
                let msg = e.msg.map(|why| {
                    use crate::rules::{Arg, Msg};
                    let key = if field == NOT_PLAYABLE { "err.why.not_playable" } else { "err.why.later_hand" };
                    Msg::new(
                        key,
                        vec![
                            ("at", Arg::Msg(Box::new(place))),
                            ("field", Arg::Field(e.field)),
                            ("why", Arg::Msg(Box::new(why))),
                        ],
                    )
                });
                return Err(ImportError { field: field.into(), reason, msg });
            }
        }
        Ok(())
    }

    /// How an error names the entry `id`: a hand by its number among the hands that count
    /// (`err.at.hand`, `#12`; in a match of several games, counted in its game:
    /// `err.at.game_hand`), any other entry — or a hand of a game whose hands are not numbered
    /// ([`game::Game::NUMBERED_HANDS`](super::game::Game::NUMBERED_HANDS)) — by its 1-based
    /// place in the log (`err.at.entry`).
    pub fn place_of(&self, id: &str) -> crate::rules::Msg {
        use crate::rules::{Arg, Msg};
        let game = self.setup.id();
        let by_place = || {
            let i = self.entries.iter().position(|x| x.id == id).unwrap_or(self.entries.len());
            Msg::new("err.at.entry", vec![("n", Arg::Num(i as i64 + 1))])
        };
        if !game.numbered_hands() {
            return by_place();
        }
        // A session's hands are counted across its tables; a game's hands within the game.
        let (mut games, mut hands) = (1usize, 0usize);
        for eff in replay::effective(self) {
            match &eff.entry.op {
                Op::NextGame { .. } if !game.session() => {
                    games += 1;
                    hands = 0;
                }
                Op::Hand { .. } => hands += 1,
                _ => {}
            }
            if eff.entry.id == id {
                if !matches!(eff.entry.op, Op::Hand { .. }) {
                    break;
                }
                let n = ("n", Arg::Num(hands as i64));
                return if games > 1 {
                    Msg::new("err.at.game_hand", vec![("game", Arg::Num(games as i64)), n])
                } else {
                    Msg::new("err.at.hand", vec![n])
                };
            }
        }
        by_place()
    }
}
