//! The semantic checks of a match ([`validate_match`]) and of a new entry against its log
//! ([`check_new_entry`]): ids, names, text limits, targets, and that every hand replays.

use super::*;

/// Refuses any string in `v` (as its JSON value) longer than [`MAX_TEXT`] characters, naming
/// the first one by its path under `field` (`setup.preset.notes[2]`). One check for every
/// free text of every game, so a new field has its limit without being listed.
fn check_texts<T: Serialize>(v: &T, field: &str) -> Result<(), ImportError> {
    fn walk(v: &Value, path: &mut String) -> Result<(), ImportError> {
        match v {
            Value::String(s) if s.chars().count() > MAX_TEXT => {
                Err(ie(path.clone(), format!("text longer than {MAX_TEXT} characters ({})", s.chars().count())))
            }
            Value::Array(a) => a.iter().enumerate().try_for_each(|(i, x)| {
                let n = path.len();
                path.push_str(&format!("[{i}]"));
                walk(x, path)?;
                path.truncate(n);
                Ok(())
            }),
            Value::Object(o) => o.iter().try_for_each(|(k, x)| {
                let n = path.len();
                path.push('.');
                path.push_str(k);
                walk(x, path)?;
                path.truncate(n);
                Ok(())
            }),
            _ => Ok(()),
        }
    }
    // Through the one serializer and parser of `crate::json` (no other serde copy of the
    // schema in the wasm).
    let text = crate::json::to_string(v).map_err(|e| ie(field, e.to_string()))?;
    if text.len() <= MAX_TEXT {
        return Ok(()); // no string in it can be longer (the common hand entry)
    }
    let value: Value = serde_json::from_str(&text).map_err(|e| ie(field, e.to_string()))?;
    walk(&value, &mut field.to_string())
}

fn check_id(id: &str, field: &str) -> Result<(), ImportError> {
    if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(ie(field, format!("{id:?} is not an id (1–64 letters, digits, - or _)")));
    }
    Ok(())
}

/// Semantic checks of a whole match: ids, names, targets, and that every hand replays.
pub fn validate_match(m: &Match) -> Result<(), ImportError> {
    check_id(&m.id, "id")?;
    if m.title.chars().count() > MAX_TITLE {
        return Err(ie("title", format!("longer than {MAX_TITLE} characters")));
    }
    if !m.created_ms.is_finite() {
        return Err(ie("created_ms", "not a finite time"));
    }
    check_texts(&m.setup, "setup")?;
    let setup_err = |e: ImportError| prefix("setup", e);
    crate::record::game::by_game!(&m.setup; Setup(s) => G: G::validate_setup(s)).map_err(setup_err)?;
    let mut prior = Match { entries: Vec::with_capacity(m.entries.len()), ..m.clone() };
    let mut index = LogIndex::default();
    for (i, e) in m.entries.iter().enumerate() {
        check_entry(&prior, &index, e).map_err(|err| prefix(&format!("entries[{i}]"), err))?;
        prior.entries.push(e.clone());
        index.push(e);
    }
    // Every hand must replay (a correction may not make a later hand impossible).
    let view = crate::record::replay::replay(m);
    if let Some((id, err)) = view.first_error() {
        let i = m.entries.iter().position(|e| e.id == id).unwrap_or(0);
        return Err(prefix(&format!("entries[{i}].op.hand"), err.into()));
    }
    Ok(())
}

/// Checks a new entry against the log so far: unique id, a known target of the right
/// kind, a hand of the match's game that the engine accepts, and no change while locked
/// (except a reopen). Errors name the field relative to the entry.
pub fn check_new_entry(m: &Match, e: &Entry) -> Result<(), ImportError> {
    // Only what checking `e` looks at: entries with its id or its target, whether the
    // target is voided, and the lock — one pass with no hashing of the whole log (this
    // runs on every commit).
    let target = match &e.op {
        Op::Correct { target, .. }
        | Op::CorrectRuling { target, .. }
        | Op::Void { target, .. }
        | Op::Appeal { target, .. } => Some(target.as_str()),
        _ => None,
    };
    let mut index = LogIndex::default();
    for x in &m.entries {
        if x.id == e.id || Some(x.id.as_str()) == target {
            index.by_id.insert(x.id.as_str(), x);
        }
    }
    // Whether a void's target is voided now: a void of a void takes one back, so only the
    // whole log tells (a void is rare; a hand does not pay for this).
    if matches!(e.op, Op::Void { .. } | Op::Correct { .. } | Op::CorrectRuling { .. } | Op::Appeal { .. }) {
        index.voided = m.voided();
    }
    // A correction of a deleted hand would count for nothing (another tab deleted the hand
    // being edited here): refused when entered. Only new entries are checked so: a log
    // that already has one still reads.
    if let Op::Correct { target, .. } | Op::CorrectRuling { target, .. } = &e.op {
        if index.voided.contains(target.as_str()) {
            return Err(ie("op.target", format!("{target:?} is deleted: a correction of it would not count")));
        }
    }
    index.locked = m.locked();
    check_entry(m, &index, e)
}

/// The largest time an entry may have, ms either side of 1970 (JavaScript's date range).
pub const MAX_TIME_MS: f64 = 8.64e15;

/// What checking the next entry needs to know about the log so far (ids, voids, lock),
/// kept up to date entry by entry so that validating a whole log is O(n), not O(n²).
#[derive(Default)]
pub(super) struct LogIndex<'a> {
    pub(super) order: Vec<&'a Entry>,
    pub(super) by_id: HashMap<&'a str, &'a Entry>,
    pub(super) voided: HashSet<&'a str>,
    pub(super) locked: bool,
}

impl<'a> LogIndex<'a> {
    pub(super) fn push(&mut self, e: &'a Entry) {
        self.order.push(e);
        self.by_id.insert(e.id.as_str(), e);
        match &e.op {
            Op::SignOff { .. } => self.locked = true,
            Op::Reopen { .. } => self.locked = false,
            Op::Void { target, .. } => {
                let t = self.by_id.get(target.as_str()).map(|t| &t.op);
                if matches!(t, Some(Op::Void { .. })) {
                    // A void of a void: what the voided void voided counts again (and so
                    // on down a chain) — decided afresh over the log (undo of a delete;
                    // rare).
                    self.voided = crate::record::voided_of(self.order.iter().copied());
                } else {
                    self.voided.insert(target.as_str());
                }
                if matches!(t, Some(Op::SignOff { .. } | Op::Reopen { .. } | Op::Void { .. })) {
                    // As `Match::locked`: the last sign-off / reopen that still counts.
                    self.locked = self
                        .order
                        .iter()
                        .rev()
                        .filter(|x| !self.voided.contains(x.id.as_str()))
                        .find_map(|x| match x.op {
                            Op::SignOff { .. } => Some(true),
                            Op::Reopen { .. } => Some(false),
                            _ => None,
                        })
                        .unwrap_or(false);
                }
            }
            _ => {}
        }
    }
}

pub(super) fn check_entry(m: &Match, index: &LogIndex, e: &Entry) -> Result<(), ImportError> {
    check_id(&e.id, "id")?;
    if !e.at_ms.is_finite() || e.at_ms.abs() > MAX_TIME_MS {
        return Err(ie("at_ms", "not a time (ms since 1970, within a date's range)"));
    }
    if index.by_id.contains_key(e.id.as_str()) {
        return Err(ie("id", format!("{:?} is already in the log", e.id)));
    }
    check_texts(&e.op, "op")?;
    if let Some(a) = &e.after {
        if !e.op.advances() || m.setup.entries_independent() {
            return Err(ie("after", "only a hand or a move to the next game names the entry it follows"));
        }
        if a != crate::record::START {
            check_id(a, "after")?;
        }
    }
    let by_id = &index.by_id;
    let locked = index.locked;
    if locked && !matches!(e.op, Op::Reopen { .. }) {
        return Err(ie("op", "the match is signed off (locked): reopen it first"));
    }
    let check_hand = |h: &HandInput| -> Result<(), ImportError> {
        let game = |e: ImportError| prefix(&format!("op.hand.{}", h.game()), e);
        crate::record::game::by_game!((h, &m.setup); HandInput(h), Setup(s) => G: G::check_input(m, s, h).map_err(game);
            else Err(ie("op.hand", format!("a {} entry in a {} match", h.game(), m.setup.game()))))
    };
    match &e.op {
        Op::Hand { hand } => check_hand(hand)?,
        Op::Correct { target, hand } => {
            match by_id.get(target.as_str()) {
                Some(Entry { op: Op::Hand { .. }, .. }) => {}
                Some(_) => return Err(ie("op.target", format!("{target:?} is not a hand"))),
                None => return Err(ie("op.target", format!("no entry {target:?} in this match"))),
            }
            check_hand(hand)?;
        }
        Op::Void { target, .. } => {
            // (Its reason's length: `check_texts`.) A void may be voided too: that takes it back (undo of a delete).
            if !by_id.contains_key(target.as_str()) {
                return Err(ie("op.target", format!("no entry {target:?} in this match")));
            }
            if index.voided.contains(target.as_str()) {
                return Err(ie("op.target", format!("{target:?} is already voided")));
            }
        }
        Op::SignOff { referee } | Op::Reopen { reason: referee } => {
            if referee.chars().count() > MAX_TITLE {
                return Err(ie("op", format!("text longer than {MAX_TITLE} characters")));
            }
            if matches!(e.op, Op::Reopen { .. }) && !locked {
                return Err(ie("op", "the match is not locked"));
            }
        }
        Op::Confirm { name, state, .. } => {
            if name.trim().is_empty() {
                return Err(ie("op.name", "a confirmation names who confirmed"));
            }
            if name.chars().count() > MAX_TITLE || state.chars().count() > MAX_TITLE {
                return Err(ie("op", format!("text longer than {MAX_TITLE} characters")));
            }
        }
        Op::Overrun { seconds, .. } => {
            if *seconds > 24 * 3600 {
                return Err(ie("op.seconds", "more than a day"));
            }
        }
        Op::Appeal { target, decision, decided_ms, .. } => {
            if !m.setup.rulings() {
                return Err(ie("op", format!("appeals are not recorded in a {} match", m.setup.game())));
            }
            match by_id.get(target.as_str()).map(|x| &x.op) {
                Some(Op::Ruling { .. }) => {}
                Some(Op::Hand { .. }) if !matches!(decision, crate::record::AppealDecision::Replaced { .. }) => {}
                Some(Op::Hand { .. }) => {
                    return Err(ie(
                        "op.decision",
                        "only a ruling is replaced by a new ruling; a hand is upheld or overturned",
                    ))
                }
                Some(_) => return Err(ie("op.target", format!("{target:?} is neither a ruling nor a hand"))),
                None => return Err(ie("op.target", format!("no entry {target:?} in this match"))),
            }
            if index.voided.contains(target.as_str()) {
                return Err(ie("op.target", format!("{target:?} is deleted: an appeal against it would not count")));
            }
            if let crate::record::AppealDecision::Replaced { ruling } = decision {
                check_ruling(ruling)?;
            }
            if !decided_ms.is_finite() || *decided_ms < 0.0 {
                return Err(ie("op.decided_ms", "not a time"));
            }
        }
        Op::Ruling { referee, ruling, player, board, .. } => check_ruling_entry(m, ruling, *player, *board, referee)?,
        Op::CorrectRuling { target, referee, ruling, player, board, .. } => {
            match by_id.get(target.as_str()) {
                Some(Entry { op: Op::Ruling { .. }, .. }) => {}
                Some(_) => return Err(ie("op.target", format!("{target:?} is not a ruling"))),
                None => return Err(ie("op.target", format!("no entry {target:?} in this match"))),
            }
            check_ruling_entry(m, ruling, *player, *board, referee)?;
        }
        Op::Clock { elapsed_ms: Some(ms), .. } | Op::TimeVerdict { elapsed_ms: Some(ms), .. }
            if !(0.0..=MAX_ELAPSED_MS).contains(ms) =>
        {
            return Err(ie("op.elapsed_ms", format!("{ms} is not 0…{MAX_ELAPSED_MS} ms")));
        }
        Op::Clock { .. } | Op::TimeVerdict { .. } | Op::NextGame { .. } => {}
    }
    Ok(())
}

/// A ruling (new or corrected) in `m`: the game records rulings, its numbers
/// ([`check_ruling`]), a player of the session in a game of players and none in a game of
/// teams, a board and table in a 双升 match and none elsewhere, and the referee's name.
fn check_ruling_entry(
    m: &Match,
    ruling: &crate::rules::Ruling,
    player: Option<usize>,
    board: Option<crate::record::BoardAt>,
    referee: &str,
) -> Result<(), ImportError> {
    check_ruling(ruling)?;
    if !m.setup.rulings() {
        return Err(ie("op", format!("rulings are not recorded in a {} match", m.setup.game())));
    }
    m.setup.check_ruling_board(board)?;
    match (m.setup.ruling_players(), player) {
        (Some(n), Some(p)) if p >= n => {
            return Err(ie("op.player", format!("player {} of a session of {n}", p + 1)));
        }
        (Some(_), None) => return Err(ie("op.player", "a ruling in a session names the player")),
        (None, Some(_)) => return Err(ie("op.player", "a ruling in a game of teams names the team, not a player")),
        _ => {}
    }
    if referee.trim().is_empty() {
        return Err(ie("op.referee", "a ruling names the referee who made it"));
    }
    if referee.chars().count() > MAX_TITLE {
        return Err(ie("op.referee", format!("longer than {MAX_TITLE} characters")));
    }
    Ok(())
}

/// A ruling's own numbers: lateness of at most a day.
fn check_ruling(r: &crate::rules::Ruling) -> Result<(), ImportError> {
    match r {
        crate::rules::Ruling::Late { minutes, .. } if *minutes > 24 * 60 => {
            Err(ie("op.ruling.minutes", "more than a day"))
        }
        _ => Ok(()),
    }
}
