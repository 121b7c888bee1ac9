//! The state of the ruling panel and what it does: the ruling chosen in the form, recording
//! (or changing) it, loading a ruling to edit it, deleting it, deciding an appeal.

use super::*;

/// The version of ruling `id` in `m`: its newest correction's id, or its own.
pub(super) fn version_of(m: &Match, id: &str) -> String {
    let voided = m.voided();
    m.entries
        .iter()
        .rev()
        .find(|e| matches!(&e.op, Op::CorrectRuling { target, .. } if target == id) && !voided.contains(e.id.as_str()))
        .map(|e| e.id.clone())
        .unwrap_or_else(|| id.to_string())
}

/// What the parts of the ruling panel share (all `Copy`).
#[derive(Clone, Copy)]
pub(super) struct Panel {
    pub m: Memo<Option<Arc<Match>>>,
    pub teams: Signal<BTreeMap<Team, String>>,
    pub locked: Signal<bool>,
    /// A session's players (empty for a match of teams).
    pub players: Signal<Vec<String>>,
    /// A 双升 match's boards (none for another game).
    pub boards: Signal<Boards>,
    /// Whether rulings name a session's player.
    pub session: bool,
    /// Whether rulings name a 双升 board and table.
    pub on_boards: bool,
    /// The board and table chosen (a 双升 match).
    pub board_no: RwSignal<u32>,
    pub table_no: RwSignal<u8>,
    pub who: RwSignal<Option<Who>>,
    pub kind: RwSignal<Kind>,
    pub levels: RwSignal<u32>,
    pub minutes: RwSignal<u32>,
    /// The ruling being edited in place (its entry id), if any.
    pub editing: RwSignal<Option<String>>,
    /// The version of the ruling being edited when it was loaded (its newest correction's
    /// id): another tab's correction since is asked about before this one goes over it.
    pub loaded_version: RwSignal<Option<String>>,
    /// The ruling whose appeal form is open, and the form's choices.
    pub appealing: RwSignal<Option<String>>,
    pub appellant: RwSignal<String>,
    /// 0 upheld, 1 overturned, 2 replaced.
    pub decision: RwSignal<u8>,
    pub decider: RwSignal<Decider>,
    pub reason: RwSignal<String>,
    pub rule: RwSignal<String>,
    pub referee: RwSignal<String>,
    pub error: RwSignal<Option<String>>,
    /// The panel's own touched state (its inputs and choices; not the page's hand form):
    /// while touched, its draft is kept ([`crate::ui::draft::keep_draft`], page `ruling`)
    /// and leaving the page asks.
    pub intent: FormIntent,
}

impl Panel {
    /// The form's fields as a draft (tracked: the draft follows every change).
    pub fn draft(self) -> RulingDraft {
        RulingDraft {
            who: self.who.get(),
            kind: self.kind.get(),
            levels: self.levels.get(),
            minutes: self.minutes.get(),
            board_no: self.board_no.get(),
            table_no: self.table_no.get(),
            reason: self.reason.get(),
            rule: self.rule.get(),
            referee: self.referee.get(),
            editing: self.editing.get(),
            loaded_version: self.loaded_version.get(),
            appealing: self.appealing.get(),
            appellant: self.appellant.get(),
            decision: self.decision.get(),
            decider: self.decider.get(),
        }
    }
    /// Puts a kept draft back into the form, [`RulingDraft::settled`] against the match as
    /// it is now (an edit or appeal of a ruling deleted since is dropped).
    pub fn set_draft(self, d: RulingDraft) {
        let d = self.m.with_untracked(|x| x.as_deref().map(|x| d.clone().settled(x))).unwrap_or(d);
        self.who.set(d.who);
        self.kind.set(d.kind);
        self.levels.set(d.levels.max(1));
        self.minutes.set(d.minutes);
        self.board_no.set(d.board_no);
        self.table_no.set(d.table_no);
        self.reason.set(d.reason);
        self.rule.set(d.rule);
        self.referee.set(d.referee);
        self.editing.set(d.editing);
        self.loaded_version.set(d.loaded_version);
        self.appealing.set(d.appealing);
        self.appellant.set(d.appellant);
        self.decision.set(d.decision);
        self.decider.set(d.decider);
    }
    /// Stores `op` ([`commit`]) with the panel's draft set aside meanwhile (a page that
    /// re-renders on the commit must not restore what was just recorded); the draft is
    /// put back when nothing was stored.
    fn store(self, x: &Match, op: Op) -> Result<(), String> {
        let slot = self.intent.slot();
        let kept = slot.try_update_value(crate::ui::draft::Slot::take).flatten();
        let done = commit(x, op);
        if done.is_err() {
            slot.try_update_value(|s| s.put_back(kept));
        }
        done
    }
    /// The board and table chosen, in a 双升 match.
    pub fn board_at(self) -> Option<BoardAt> {
        let Panel { on_boards, board_no, table_no, .. } = self;
        on_boards.then(|| BoardAt { number: board_no.get(), table: table_no.get() })
    }
    /// The message when no team (or player) is chosen.
    pub fn need_who(self) -> String {
        let session = self.session;
        if session { t("ruling.need_player") } else { t("ruling.need_team") }.to_string()
    }
    /// The ruling chosen in the form and its player (a session's).
    pub fn ruling(self) -> Option<(Ruling, Option<usize>)> {
        let Panel { who, kind, levels, minutes, .. } = self;
        who.get().map(|w| {
            let (team, player) = w.parts();
            let r = match kind.get() {
                Kind::Warning => Ruling::Warning { team },
                Kind::LevelPenalty => Ruling::LevelPenalty { team, levels: levels.get() },
                Kind::GameLost => Ruling::GameLost { team },
                Kind::Late => Ruling::Late { team, minutes: minutes.get() },
                Kind::Disqualified => Ruling::Disqualified { team },
            };
            (r, player)
        })
    }
    /// What the ruling in the form would do to the levels, from the match replayed with it
    /// (so the engine's floor and a warning's penalty count as they will): each team whose
    /// level changes, `红队 5 → 3`; a level penalty that changes nothing says its team is at
    /// the lowest level already; a ruling the match refuses says why. `None` when no team is
    /// chosen (the match is then not replayed), in a game without levels, or when nothing
    /// changes otherwise.
    pub fn effect(self) -> Option<String> {
        let Panel { m, teams, rule, session, on_boards, .. } = self;
        if session || on_boards {
            return None; // no levels
        }
        let (r, player) = self.ruling()?;
        let x = m.get()?;
        let before = crate::record::replay::replay(&x).levels()?;
        // The texts do not change the levels: read untracked, so typing them replays nothing.
        let entry = self.preview_entry(r, player, rule.get_untracked());
        let after = match x.preview(entry) {
            Ok(y) => crate::record::replay::replay(&y).levels()?,
            Err(e) => return Some(crate::ui::refusal_text(&e)),
        };
        let name = |team: Team| {
            teams.with(|tm| {
                tm.get(&team)
                    .filter(|n| !n.trim().is_empty())
                    .map(|n| crate::bidi::isolated(n))
                    .unwrap_or_else(|| format!("{team:?}"))
            })
        };
        let changes: Vec<String> = Team::BOTH
            .into_iter()
            .filter_map(|team| {
                let (b, a) = (before.get(&team)?, after.get(&team)?);
                (b != a).then(|| format!("{} {} → {}", name(team), b.name(), a.name()))
            })
            .collect();
        match r {
            _ if !changes.is_empty() => Some(format!("→ {}", changes.join(" · "))),
            Ruling::LevelPenalty { team, .. } => Some(
                t("ruling.at_floor")
                    .replace("{team}", &name(team))
                    .replace("{level}", &before.get(&team).map(|l| l.name().to_string()).unwrap_or_default()),
            ),
            _ => None,
        }
    }
    /// The entry the form's ruling `r` would be (a new ruling, or the edit in place of the
    /// one being edited) under `rule`, for a preview: the reason and referee as typed (a
    /// referee not named yet is asked for by the commit, not refused here).
    fn preview_entry(self, r: Ruling, player: Option<usize>, rule: String) -> crate::record::Entry {
        let Panel { editing, reason, referee, .. } = self;
        let reason = reason.get_untracked();
        let referee = Some(referee.get_untracked()).filter(|r| !r.trim().is_empty()).unwrap_or_else(|| "-".into());
        let board = self.board_at();
        let op = match editing.get() {
            Some(target) => Op::CorrectRuling { target, ruling: r, player, board, reason, rule, referee },
            None => Op::Ruling { ruling: r, player, board, reason, rule, referee },
        };
        crate::record::Entry { after: None, id: "preview".into(), at_ms: crate::ui::now_ms(), op }
    }
    /// The preset rules a ruling can be recorded under ([`crate::record::Setup::rule_choices`]).
    pub fn choices(self) -> Vec<crate::rules::ruling::RuleChoice> {
        self.m.with(|x| x.as_ref().map(|x| x.setup.rule_choices()).unwrap_or_default())
    }
    /// What the warning or lateness in the form would amount to once recorded (a warning's
    /// number under its rule and what the preset's ladder makes of it, RULES.md §0 **[r2]**;
    /// a lateness at the preset's limit is the round's forfeit, 004 第三篇 §六4), read from the
    /// match previewed with it ([`crate::record::Match::preview_ruling`]): the same append
    /// and replay as its commit. The rule is read (it decides which ladder counts). `None`
    /// for another kind, when no team is chosen, where the game does not count warnings
    /// through its preset, or when the match would refuse it (the effect line says why).
    pub fn outcome(self) -> Option<crate::rules::ruling::Counted> {
        let (r, player) = self.ruling()?;
        if !matches!(r, Ruling::Warning { .. } | Ruling::Late { .. }) || player.is_some() {
            return None;
        }
        let entry = self.preview_entry(r, player, self.rule.get().trim().to_string());
        self.m.with(|x| x.as_ref()?.preview_ruling(entry).ok().flatten())
    }
    /// For a lateness in the form, when this match is a table of an event: the
    /// disqualification it makes as the side's Nth consecutive round with a lateness (004
    /// 第三篇 §六4, the preset's `late_disqualify_after`), in words — "第 3 次连续迟到 →
    /// 取消比赛资格 (004 第三篇 §六4)" —, read from the event's matches with this one
    /// previewed with the ruling ([`crate::tournament::decided::late_here`]). `None` for
    /// another kind, a match of no event, a lateness that does not make the run, or one the
    /// match would refuse.
    pub fn late_run(self) -> Option<String> {
        use crate::tournament::decided::late_here;
        let (r, player) = self.ruling()?;
        if !matches!(r, Ruling::Late { .. }) || player.is_some() {
            return None;
        }
        let x = self.m.get()?;
        let c = crate::ui::ctx();
        c.events_changed.track();
        let events: Vec<_> =
            crate::store::readable_events().into_iter().filter(|e| e.match_ids().contains(&x.id)).collect();
        if events.is_empty() {
            return None;
        }
        let ids: std::collections::HashSet<String> = events.iter().flat_map(|e| e.match_ids()).collect();
        let mut ms: Vec<Match> = c
            .matches
            .with(|ms| ms.iter().filter(|m| ids.contains(&m.id) && m.id != x.id).map(|m| (**m).clone()).collect());
        let entry = self.preview_entry(r, player, self.rule.get_untracked());
        let after = x.preview(entry).ok()?;
        ms.push((*x).clone());
        let before = late_here(&events, &ms, &x.id);
        *ms.last_mut()? = after;
        let run = late_here(&events, &ms, &x.id)?.run;
        if before.is_some_and(|b| b.run.entrant == run.entrant) {
            return None; // already disqualified by an earlier lateness here
        }
        Some(crate::tournament::output::late_run_text(c.lang.get(), run.count, &run.cite))
    }
    /// What a ruling does, in words, on the board chosen; a warning with what it amounts to
    /// (`counted`, [`Panel::outcome`]).
    pub fn describe(self, r: &Ruling, player: Option<usize>, counted: Option<crate::rules::ruling::Counted>) -> String {
        let Panel { players, teams, boards, on_boards, .. } = self;
        let board_at = move || self.board_at();
        let at = board_at();
        players.with_untracked(|ps| {
            teams.with_untracked(|tm| {
                boards.with_untracked(|b| step_text(tm, ps, on_boards.then_some(b), r, player, at, counted))
            })
        })
    }
    /// Empties the form (and leaves edit mode): untouched again, its draft removed.
    pub fn clear(self) {
        let Panel { who, reason, rule, editing, intent, .. } = self;
        who.set(None);
        reason.set(String::new());
        rule.set(String::new());
        editing.set(None);
        intent.fresh();
    }
    /// Records the decision of the appeal against ruling `target`, after a confirmation.
    pub fn decide(self, target: String) {
        let Panel { m, error, decision, appellant, decider, appealing, .. } = self;
        let ruling = move || self.ruling();
        let need_who = move || self.need_who();
        error.set(None);
        let Some(x) = m.get_untracked() else { return };
        let d = match decision.get_untracked() {
            0 => AppealDecision::Upheld,
            1 => AppealDecision::Overturned,
            // A session's replacement is against the same player (the replay keeps it).
            _ => match ruling() {
                Some((r, _)) => AppealDecision::Replaced { ruling: r },
                None => {
                    error.set(Some(need_who()));
                    return;
                }
            },
        };
        if !window().confirm_with_message(t("appeal.confirm")).unwrap_or(false) {
            return;
        }
        let op = Op::Appeal {
            target,
            appellant: appellant.get_untracked().trim().to_string(),
            decision: d,
            decided_by: decider.get_untracked(),
            decided_ms: js_sys::Date::now(),
        };
        // The appeal decided is the panel's commit: untouched again, its draft removed.
        match self.store(&x, op) {
            Ok(()) => {
                appealing.set(None);
                appellant.set(String::new());
                self.intent.fresh();
            }
            Err(e) => error.set(Some(e)),
        }
    }
    /// Records the ruling in the form (or its edit in place), after a confirmation.
    pub fn record(self) {
        let Panel { m, error, referee, editing, loaded_version, reason, rule, .. } = self;
        let ruling = move || self.ruling();
        let need_who = move || self.need_who();
        let board_at = move || self.board_at();
        let describe =
            move |r: &Ruling, player: Option<usize>| self.describe(r, player, untrack(move || self.outcome()));
        let clear = move || self.clear();
        error.set(None);
        let Some(x) = m.get_untracked() else { return };
        let Some((r, player)) = ruling() else {
            error.set(Some(need_who()));
            return;
        };
        if referee.get_untracked().trim().is_empty() {
            error.set(Some(t("ruling.need_referee").to_string()));
            return;
        }
        let target = editing.get_untracked();
        if let Some(id) = &target {
            let changed = loaded_version.get_untracked().is_some_and(|v| v != version_of(&x, id));
            if changed && !window().confirm_with_message(t("ruling.edit_changed")).unwrap_or(false) {
                return;
            }
        }
        // A ruling decides a game: recorded (or changed) only when the referee confirms what it does.
        let ask = if target.is_some() { t("ruling.edit_confirm") } else { t("ruling.confirm") };
        let mut question = format!("{ask}: {}", describe(&r, player));
        if let Some(run) = untrack(move || self.late_run()) {
            question = format!("{question} · {run}");
        }
        question.push('?');
        if !window().confirm_with_message(&question).unwrap_or(false) {
            return;
        }
        let (reason, rule, referee) = (
            reason.get_untracked().trim().to_string(),
            rule.get_untracked().trim().to_string(),
            referee.get_untracked().trim().to_string(),
        );
        let op = match target {
            Some(target) => Op::CorrectRuling { target, ruling: r, player, board: board_at(), reason, rule, referee },
            None => Op::Ruling { ruling: r, player, board: board_at(), reason, rule, referee },
        };
        match self.store(&x, op) {
            Ok(()) => clear(),
            Err(e) => error.set(Some(e)),
        }
    }
    /// Loads a ruling into the form to edit it in place.
    pub fn load(self, s: &Step) {
        let Panel {
            m,
            error,
            who,
            board_no,
            table_no,
            kind,
            levels,
            minutes,
            reason,
            rule,
            referee,
            editing,
            loaded_version,
            ..
        } = self;
        error.set(None);
        who.set(Some(Who::of(&s.ruling, s.player)));
        if let Some(at) = s.board {
            board_no.set(at.number);
            table_no.set(at.table);
        }
        match s.ruling {
            Ruling::Warning { .. } => kind.set(Kind::Warning),
            Ruling::LevelPenalty { levels: n, .. } => {
                kind.set(Kind::LevelPenalty);
                levels.set(n.max(1));
            }
            Ruling::GameLost { .. } => kind.set(Kind::GameLost),
            Ruling::Late { minutes: n, .. } => {
                kind.set(Kind::Late);
                minutes.set(n);
            }
            Ruling::Disqualified { .. } => kind.set(Kind::Disqualified),
        }
        reason.set(s.fields[0].clone());
        rule.set(s.fields[1].clone());
        referee.set(s.fields[2].clone());
        editing.set(Some(s.id.clone()));
        loaded_version.set(m.with_untracked(|x| x.as_ref().map(|x| version_of(x, &s.id))));
        // A ruling loaded for editing is not yet the referee's change: its draft begins
        // with their first touch.
        self.intent.fresh();
    }
    /// Deletes (voids) a ruling, after a confirmation.
    pub fn delete(self, id: String) {
        let m = self.m;
        let Some(x) = m.get_untracked() else { return };
        if !window().confirm_with_message(t("ruling.delete_confirm")).unwrap_or(false) {
            return;
        }
        if let Err(e) = commit(&x, Op::Void { target: id, reason: "delete".into() }) {
            io::alert(&e);
        }
    }
}
