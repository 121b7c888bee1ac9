//! The semantic checks of a match ([`validate_match`]) and of a new entry against its log
//! ([`check_new_entry`]): ids, names, text limits, targets, and that every hand replays.

use super::*;

/// Refuses any string in `v` (as its JSON value) longer than [`MAX_TEXT`] characters, naming
/// the first one by its path under `field` (`setup.preset.notes[2]`). One check for every
/// free text of every game, so a new field has its limit without being listed.
fn check_texts<T: Serialize>(v: &T, field: &str) -> Result<(), ImportError> {
    fn walk(v: &Value, path: &mut String) -> Result<(), ImportError> {
        match v {
            Value::String(s) if s.chars().count() > MAX_TEXT => Err(said!(
                path.clone(),
                "imp.text_too_long_n",
                max = Arg::Num(MAX_TEXT as i64),
                n = Arg::Num(s.chars().count() as i64)
            )),
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
        return Err(said!(field, "imp.not_id", id = Arg::Text(format!("{:?}", id))));
    }
    Ok(())
}

/// Semantic checks of a whole match: ids, names, targets, and that every hand replays.
pub fn validate_match(m: &Match) -> Result<(), ImportError> {
    check_id(&m.id, "id")?;
    if m.title.chars().count() > MAX_TITLE {
        return Err(said!("title", "imp.too_long", max = Arg::Num(MAX_TITLE as i64)));
    }
    // An empty title is none (the pages show the match's id or sides); spaces alone would
    // show an empty heading.
    if !m.title.is_empty() && m.title.trim().is_empty() {
        return Err(said!("title", "imp.blank_title"));
    }
    check_time(m.created_ms, "created_ms")?;
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
            return Err(said!("op.target", "imp.correct_deleted", id = Arg::Text(format!("{:?}", target))));
        }
    }
    index.locked = m.locked();
    check_entry(m, &index, e)
}

/// The largest time an entry may have, ms either side of 1970 (JavaScript's date range).
pub const MAX_TIME_MS: f64 = 8.64e15;

/// Refuses a time that is not ms since 1970 within [`MAX_TIME_MS`] (`imp.not_time_range`):
/// an entry's `at_ms`, a match's `created_ms`, an export's `exported_ms`.
pub fn check_time(ms: f64, field: &str) -> Result<(), ImportError> {
    if !ms.is_finite() || ms.abs() > MAX_TIME_MS {
        return Err(said!(field, "imp.not_time_range"));
    }
    Ok(())
}

/// The most levels a band, a rise or a penalty may move a team: from 2 to A.
pub const MAX_LEVELS: u32 = 12;

/// The longest time limit a preset may set: a day, in minutes (a match, a round, a table's
/// clock, lateness that forfeits; a ruling's lateness has the same bound).
pub const MAX_LIMIT_MINUTES: u32 = 24 * 60;
/// The longest time limit a preset may set in seconds (a play, a bury): a day.
pub const MAX_LIMIT_SECONDS: u32 = 24 * 3600;

/// Refuses a preset's time limit outside 1…`max` (`imp.range`); none (`None`) is no limit.
pub fn check_limit(field: impl Into<String>, limit: Option<u32>, max: u32) -> Result<(), ImportError> {
    match limit {
        Some(n) if n == 0 || n > max => {
            Err(said!(field, "imp.range", lo = Arg::Num(1), hi = Arg::Num(max as i64), found = Arg::Num(n as i64)))
        }
        _ => Ok(()),
    }
}

/// Refuses a name that is empty or only spaces (`imp.empty`) where the set-up needs one (a
/// team's, a session player's): the pages and the sheet would show nothing for it.
pub fn check_named(name: &str, field: impl Into<String>) -> Result<(), ImportError> {
    if name.trim().is_empty() {
        return Err(said!(field, "imp.empty"));
    }
    Ok(())
}

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
    check_time(e.at_ms, "at_ms")?;
    if index.by_id.contains_key(e.id.as_str()) {
        return Err(said!("id", "imp.in_log", id = Arg::Text(format!("{:?}", e.id))));
    }
    check_texts(&e.op, "op")?;
    if let Some(a) = &e.after {
        if !e.op.advances() || m.setup.entries_independent() {
            return Err(said!("after", "imp.after_only"));
        }
        if a != crate::record::START {
            check_id(a, "after")?;
        }
    }
    let by_id = &index.by_id;
    let locked = index.locked;
    if locked && !matches!(e.op, Op::Reopen { .. }) {
        return Err(said!("op", "imp.locked"));
    }
    let check_hand = |h: &HandInput| -> Result<(), ImportError> {
        let game = |e: ImportError| prefix(&format!("op.hand.{}", h.game()), e);
        crate::record::game::by_game!((h, &m.setup); HandInput(h), Setup(s) => G: G::check_input(m, s, h).map_err(game);
            else Err(said!("op.hand", "imp.wrong_game", entry = Arg::Game(h.game()), game = Arg::Game(m.setup.game()))))
    };
    match &e.op {
        Op::Hand { hand } => check_hand(hand)?,
        Op::Correct { target, hand } => {
            match by_id.get(target.as_str()) {
                Some(Entry { op: Op::Hand { .. }, .. }) => {}
                Some(_) => return Err(said!("op.target", "imp.not_hand", id = Arg::Text(format!("{:?}", target)))),
                None => return Err(said!("op.target", "imp.no_entry", id = Arg::Text(format!("{:?}", target)))),
            }
            check_hand(hand)?;
        }
        Op::Void { target, .. } => {
            // (Its reason's length: `check_texts`.) A void may be voided too: that takes it back (undo of a delete).
            if !by_id.contains_key(target.as_str()) {
                return Err(said!("op.target", "imp.no_entry", id = Arg::Text(format!("{:?}", target))));
            }
            if index.voided.contains(target.as_str()) {
                return Err(said!("op.target", "imp.already_voided", id = Arg::Text(format!("{:?}", target))));
            }
        }
        Op::SignOff { referee } | Op::Reopen { reason: referee } => {
            if referee.chars().count() > MAX_TITLE {
                return Err(said!("op", "imp.text_too_long", max = Arg::Num(MAX_TITLE as i64)));
            }
            if matches!(e.op, Op::Reopen { .. }) && !locked {
                return Err(said!("op", "imp.not_locked"));
            }
        }
        Op::Confirm { name, state, .. } => {
            if name.trim().is_empty() {
                return Err(said!("op.name", "imp.confirm_name"));
            }
            if name.chars().count() > MAX_TITLE || state.chars().count() > MAX_TITLE {
                return Err(said!("op", "imp.text_too_long", max = Arg::Num(MAX_TITLE as i64)));
            }
        }
        Op::Overrun { seconds, .. } => {
            if *seconds > 24 * 3600 {
                return Err(said!("op.seconds", "imp.over_day"));
            }
        }
        Op::Appeal { target, decision, decided_ms, .. } => {
            if !m.setup.rulings() {
                return Err(said!("op", "imp.no_appeals", game = Arg::Game(m.setup.game())));
            }
            match by_id.get(target.as_str()).map(|x| &x.op) {
                Some(Op::Ruling { .. }) => {}
                Some(Op::Hand { .. }) if !matches!(decision, crate::record::AppealDecision::Replaced { .. }) => {}
                Some(Op::Hand { .. }) => return Err(said!("op.decision", "imp.replace_hand")),
                Some(_) => {
                    return Err(said!("op.target", "imp.not_ruling_or_hand", id = Arg::Text(format!("{:?}", target))))
                }
                None => return Err(said!("op.target", "imp.no_entry", id = Arg::Text(format!("{:?}", target)))),
            }
            if index.voided.contains(target.as_str()) {
                return Err(said!("op.target", "imp.appeal_deleted", id = Arg::Text(format!("{:?}", target))));
            }
            if let crate::record::AppealDecision::Replaced { ruling } = decision {
                check_ruling(ruling)?;
            }
            if !decided_ms.is_finite() || *decided_ms < 0.0 || *decided_ms > MAX_TIME_MS {
                return Err(said!("op.decided_ms", "imp.not_time"));
            }
        }
        Op::Ruling { referee, ruling, player, board, .. } => check_ruling_entry(m, ruling, *player, *board, referee)?,
        Op::CorrectRuling { target, referee, ruling, player, board, .. } => {
            match by_id.get(target.as_str()) {
                Some(Entry { op: Op::Ruling { .. }, .. }) => {}
                Some(_) => return Err(said!("op.target", "imp.not_ruling", id = Arg::Text(format!("{:?}", target)))),
                None => return Err(said!("op.target", "imp.no_entry", id = Arg::Text(format!("{:?}", target)))),
            }
            check_ruling_entry(m, ruling, *player, *board, referee)?;
        }
        Op::Clock { elapsed_ms: Some(ms), .. } | Op::TimeVerdict { elapsed_ms: Some(ms), .. }
            if !(0.0..=MAX_ELAPSED_MS).contains(ms) =>
        {
            return Err(said!(
                "op.elapsed_ms",
                "imp.elapsed",
                ms = Arg::Text(ms.to_string()),
                max = Arg::Text(MAX_ELAPSED_MS.to_string())
            ));
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
        return Err(said!("op", "imp.no_rulings", game = Arg::Game(m.setup.game())));
    }
    m.setup.check_ruling_board(board)?;
    match (m.setup.ruling_players(), player) {
        (Some(n), Some(p)) if p >= n => {
            return Err(said!("op.player", "imp.player_range", p = Arg::Num((p + 1) as i64), n = Arg::Num(n as i64)));
        }
        (Some(_), None) => return Err(said!("op.player", "imp.ruling_player")),
        (None, Some(_)) => return Err(said!("op.player", "imp.ruling_team")),
        _ => {}
    }
    if referee.trim().is_empty() {
        return Err(said!("op.referee", "imp.ruling_referee"));
    }
    if referee.chars().count() > MAX_TITLE {
        return Err(said!("op.referee", "imp.too_long", max = Arg::Num(MAX_TITLE as i64)));
    }
    Ok(())
}

/// A ruling's own numbers: lateness of at most a day; a level penalty of at most the 12
/// levels from 2 to A (a level never goes below 2, so more would say nothing more).
fn check_ruling(r: &crate::rules::Ruling) -> Result<(), ImportError> {
    match r {
        crate::rules::Ruling::Late { minutes, .. } if *minutes > 24 * 60 => {
            Err(said!("op.ruling.minutes", "imp.over_day"))
        }
        crate::rules::Ruling::LevelPenalty { levels, .. } if *levels > MAX_LEVELS => {
            Err(said!("op.ruling.levels", "imp.at_most", max = Arg::Num(MAX_LEVELS as i64)))
        }
        _ => Ok(()),
    }
}
