//! 升级 (80分, 炒地皮 …): the match view — the referee's main job: scoreboard, clock and
//! timers, hand entry with a live preview, history with edit/delete/undo, level chart, result
//! sheet and sign-off —, its set-up form ([`NewForm`]) and its home-list line ([`summary`]).

use crate::i18n::{Lang, Names};
use crate::record::game::GameId;
use crate::record::replay::{
    extend_shengji, preview_next_hand, replay, replay_shengji, HandRow, MatchView, ShengjiView,
};
use crate::record::{Entry, HandInput, ImportError, Match, Op, Setup, ShengjiSetup, TimedAction};
use crate::rules::shengji::{self, Hand, JackSuit, Kitty, Note, Outcome, Penalty, Preset, Show, Side, Start, Unit};
use crate::rules::{Rank, Seat, Team, TimeVerdict};
use crate::ui::parts::{penalty_name, BarLine, CommitBar, MatchActions, PenaltyEditor, PointsAndKitty};
use crate::ui::widgets::{fmt_duration, EntryLog, FormIntent, LevelChart};
use crate::ui::{commit, ctx, io, now_ms, t, tx};
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

mod clock_bar;
mod entry;
mod history;
mod limits;
mod scoreboard;
mod setup;
mod sheet;
use clock_bar::*;
use entry::*;
use history::*;
use limits::*;
use scoreboard::*;
pub use setup::{NewForm, PresetSummary};
use sheet::*;

/// The home list's line of a 升级 match, in the language in force
/// ([`crate::record::games::shengji::home_line`]).
pub fn summary(m: &Match) -> String {
    let Setup::Shengji(s) = &m.setup else { return String::new() };
    let MatchView::Shengji(v) = replay(m) else { return String::new() };
    crate::record::games::shengji::home_line(ctx().lang.get_untracked(), s, &v)
}

fn seat_label(lang: Lang, s: Seat) -> &'static str {
    crate::i18n::seat_name(lang, s)
}

/// The one-line verdict of a hand, e.g. "85 分 → 台下上台, 不升级".
pub fn verdict_line(lang: Lang, p: &Preset, o: &Outcome, teams: &BTreeMap<Team, String>) -> String {
    let tr = |k| crate::i18n::tr(lang, k);
    let winner_team = match o.side {
        Side::Declarer => o.declarer,
        Side::Attackers => o.declarer.other(),
    };
    let before = o.levels_before[&winner_team];
    let after = o.levels_after[&winner_team];
    let gained = after.index() as i32 - before.index() as i32;
    let who = match o.side {
        Side::Declarer => tr("res.declarer_holds"),
        Side::Attackers => tr("res.takeover"),
    };
    let mut s = format!("{} {} → {}", o.score, tr("res.points"), who);
    if let Some(w) = o.winner {
        s.push_str(&format!(", {} {}", team_label(teams, w), tr("res.passed_a")));
        return s;
    }
    if gained > 0 {
        s.push_str(&format!(", {} +{} ({before}→{after})", team_label(teams, winner_team), gained));
    } else {
        s.push_str(&format!(", {}", tr("res.no_rise")));
    }
    for n in &o.notes {
        if let Note::JackBack { to, .. } = n {
            s.push_str(&format!("; {} → {to}", team_label(teams, o.declarer)));
        }
    }
    let _ = p;
    s
}

/// What the referee entered for a hand, in one line for its history row: trick points,
/// 抠底 (kitty points × the multiplier it earned, and its unit), each penalty with its team by
/// name and its effect, and the trump, e.g. "抓分 55 · 抠底 15 ×4 (对) · 罚 红队/北 错牌 +20 · 主 ♥".
pub fn entered_line(
    lang: Lang,
    p: &Preset,
    hand: &Hand,
    o: Option<&Outcome>,
    teams: &BTreeMap<Team, String>,
) -> String {
    let tr = |k| crate::i18n::tr(lang, k);
    let mut parts = vec![format!("{} {}", tr("exp.points"), hand.points)];
    if let Some(k) = hand.kitty {
        let mult = o.map(|o| format!(" ×{}", o.multiplier)).unwrap_or_default();
        parts.push(format!("{} {}{mult} ({})", tr("exp.kitty"), k.points, crate::i18n::unit_name(lang, k.unit)));
    }
    for (i, pen) in hand.penalties.iter().enumerate() {
        let effect = o
            .and_then(|o| o.penalties.iter().find(|ap| ap.index == i))
            .map(|ap| format!(" {}{}", if ap.effect >= 0 { "+" } else { "" }, ap.effect))
            .unwrap_or_default();
        parts.push(format!(
            "{} {} {}{effect}",
            tr("exp.on"),
            penalty_team(lang, teams, pen),
            crate::ui::parts::penalty_name(lang, p, &pen.kind)
        ));
    }
    // Points given on the ruling panel during the hand (RULES.md §0 [r2]), scored with it.
    for (ap, r) in o.into_iter().flat_map(|o| &o.penalties).filter_map(|ap| ap.ruled.as_ref().map(|r| (ap, r))) {
        parts.push(format!(
            "{} {} {} ({}) {}{}",
            tr("exp.on"),
            team_label(teams, r.team),
            crate::ui::parts::penalty_name(lang, p, &r.rule),
            tr("sj.ruled_penalty"),
            if ap.effect >= 0 { "+" } else { "" },
            ap.effect
        ));
    }
    if let Some(tp) = hand.trump.as_deref() {
        parts.push(format!("{} {}", tr("hist.trump"), crate::i18n::suit_name(lang, tp)));
    }
    parts.join(" · ")
}

/// The offending team of a penalty by its name, with the seat when recorded ("红队/北").
fn penalty_team(lang: Lang, teams: &BTreeMap<Team, String>, pen: &Penalty) -> String {
    let seat = pen.seat.map(|s| format!("/{}", seat_label(lang, s))).unwrap_or_default();
    format!("{}{seat}", team_label(teams, pen.team))
}

/// Both teams' levels after a hand, each beside its team's name ("红队 A : Q 蓝队").
pub fn levels_line(o: &Outcome, teams: &BTreeMap<Team, String>) -> String {
    format!(
        "{} {} : {} {}",
        team_label(teams, Team::A),
        o.levels_after[&Team::A],
        o.levels_after[&Team::B],
        team_label(teams, Team::B)
    )
}

/// A team's name for display, isolated ([`crate::bidi::isolated`]), or `A` / `B` when empty.
fn team_label(teams: &BTreeMap<Team, String>, t: Team) -> String {
    teams.get(&t).filter(|n| !n.is_empty()).map(|n| crate::bidi::isolated(n)).unwrap_or_else(|| format!("{t:?}"))
}

fn note_text(lang: Lang, n: &Note) -> String {
    let tr = |k| crate::i18n::tr(lang, k);
    match n {
        Note::Clamped { raw, score } => format!("{}: {raw} → {score}", tr("note.clamped")),
        Note::MustPlay { rank } => format!("{rank} {}", tr("note.must_play")),
        Note::CappedAtAce => tr("note.capped_a").to_string(),
        Note::JumpToAce => tr("note.jump_a").to_string(),
        Note::JackBack { suit, to } => format!(
            "{}: {} {to}",
            if *suit == JackSuit::Trump { tr("jack.trump") } else { tr("jack.offsuit") },
            tr("note.jack_back")
        ),
        Note::PassedAce { .. } => tr("note.passed_a").to_string(),
    }
}

/// The full explanation of an outcome: every step of the pipeline with its numbers.
fn explain(lang: Lang, p: &Preset, hand: &Hand, o: &Outcome, teams: &BTreeMap<Team, String>) -> Vec<String> {
    let tr = |k| crate::i18n::tr(lang, k);
    let mut v = vec![format!("{}: {}", tr("exp.points"), hand.points)];
    if let Some(k) = hand.kitty {
        v.push(format!(
            "{}: {} × {} ({}) = {}",
            tr("exp.kitty"),
            k.points,
            o.multiplier,
            crate::i18n::unit_name(lang, k.unit),
            o.kitty_bonus
        ));
    }
    for ap in &o.penalties {
        // A hand's own penalty, or points given on the ruling panel during it ([r2]).
        let (name, team) = match (&ap.ruled, hand.penalties.get(ap.index)) {
            (Some(r), _) => {
                (format!("{} ({})", penalty_name(lang, p, &r.rule), tr("sj.ruled_penalty")), team_label(teams, r.team))
            }
            (None, Some(pen)) => (penalty_name(lang, p, &pen.kind), penalty_team(lang, teams, pen)),
            (None, None) => continue,
        };
        v.push(format!(
            "{} ({} {}): {} = {}{} [{}]",
            name,
            tr("exp.on"),
            team,
            ap.how,
            if ap.effect >= 0 { "+" } else { "" },
            ap.effect,
            crate::i18n::data_text(lang, &ap.source)
        ));
    }
    if let Some((lo, hi)) = p.clamp {
        v.push(format!("{}: {lo}–{hi} → {}", tr("exp.clamp"), o.score));
    }
    if let Some(b) = p.table.bands.get(o.band) {
        v.push(format!(
            "{}: {} [{}]",
            tr("exp.table"),
            crate::i18n::band_text(lang, b),
            crate::i18n::data_text(lang, &p.source)
        ));
    }
    for n in &o.notes {
        v.push(note_text(lang, n));
    }
    v.push(format!(
        "{}: {} · {} {}",
        tr("exp.next"),
        crate::i18n::team_side(lang, o.next_declarer),
        tr("sb.dealer"),
        o.next_dealer.map(|s| seat_label(lang, s)).unwrap_or("—"),
    ));
    v
}

#[derive(Clone, Copy)]
struct Form {
    points: RwSignal<i32>,
    kitty_on: RwSignal<bool>,
    kitty_points: RwSignal<i32>,
    unit: RwSignal<Unit>,
    jack: RwSignal<Option<JackSuit>>,
    penalties: RwSignal<Vec<Penalty>>,
    shows: RwSignal<Vec<Show>>,
    /// The trump named after a show that lets its player choose it
    /// ([`shengji::Declaring::free_trump`]); `None`: the show's own ([`shengji::trump_of`]).
    chosen_trump: RwSignal<Option<String>>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    intent: FormIntent,
}

impl Form {
    fn new() -> Form {
        Form {
            points: RwSignal::new(0),
            kitty_on: RwSignal::new(false),
            kitty_points: RwSignal::new(0),
            unit: RwSignal::new(Unit::Single),
            jack: RwSignal::new(None),
            penalties: RwSignal::new(Vec::new()),
            shows: RwSignal::new(Vec::new()),
            chosen_trump: RwSignal::new(None),
            editing: RwSignal::new(None),
            error: RwSignal::new(None),
            intent: FormIntent::new(),
        }
    }
    fn hand(&self) -> Hand {
        let kitty = self.kitty_on.get().then(|| Kitty { points: self.kitty_points.get(), unit: self.unit.get() });
        let shows = self.shows.get();
        Hand {
            points: self.points.get(),
            kitty,
            kitty_jack: if kitty.is_some() { self.jack.get() } else { None },
            penalties: self.penalties.get(),
            trump: self.trump_after(&shows),
            declarer_seat: shows.last().map(|s| s.seat),
            declaring: shows,
        }
    }
    /// The trump after `shows`: the one named when the last show let its player choose
    /// ([`Form::chosen_trump`]), else the last show's own; `None` when nobody declared.
    fn trump_after(&self, shows: &[Show]) -> Option<String> {
        shows.last().map(|s| self.chosen_trump.get().unwrap_or_else(|| shengji::trump_of(&s.what)))
    }
    /// Puts `h` in the form; a field already holding its value is not set again (so a
    /// commit re-renders only the fields the referee had changed).
    fn load(&self, h: &Hand, id: Option<String>) {
        fn put<T: PartialEq + Send + Sync + 'static>(s: RwSignal<T>, v: T) {
            if s.with_untracked(|x| *x != v) {
                s.set(v);
            }
        }
        put(self.points, h.points);
        put(self.kitty_on, h.kitty.is_some());
        put(self.kitty_points, h.kitty.map(|k| k.points).unwrap_or(0));
        put(self.unit, h.kitty.map(|k| k.unit).unwrap_or(Unit::Single));
        put(self.jack, h.kitty_jack);
        put(self.penalties, h.penalties.clone());
        put(self.shows, h.declaring.clone());
        // A trump other than the last show's own was named by its player.
        let named = match (h.declaring.last(), &h.trump) {
            (Some(s), Some(t)) if *t != shengji::trump_of(&s.what) => Some(t.clone()),
            _ => None,
        };
        put(self.chosen_trump, named);
        put(self.editing, id);
        put(self.error, None);
        self.intent.fresh();
    }
    fn reset(&self) {
        self.load(&Hand::default(), None);
    }
}

/// The live preview of the hand being entered, as text.
#[derive(Clone, PartialEq)]
enum Preview {
    /// Nothing to show yet.
    Empty,
    /// The entry is refused: `field: reason`.
    Error(String),
    /// The verdict line and the steps that produced it.
    Ok { verdict: String, lines: Vec<String> },
}

impl Preview {
    fn is_ok(&self) -> bool {
        matches!(self, Preview::Ok { .. })
    }
    fn verdict(&self) -> &str {
        match self {
            Preview::Ok { verdict, .. } => verdict,
            _ => "",
        }
    }
    fn lines(&self) -> &[String] {
        match self {
            Preview::Ok { lines, .. } => lines,
            _ => &[],
        }
    }
}

fn setup_of(m: &Match) -> &ShengjiSetup {
    match &m.setup {
        Setup::Shengji(s) => s,
        _ => unreachable!("ShengjiMatch is only mounted for 升级 matches"),
    }
}

/// The name of hand `id` (its `Hand` entry) as the history numbers it: "第 12 副", or
/// "第 2-3 副" (game 2, hand 3) in a series.
fn hand_name(v: &ShengjiView, id: &str) -> Option<String> {
    let multi = v.games.len() > 1;
    v.games.iter().enumerate().find_map(|(gi, g)| {
        g.rows.iter().find(|r| r.entry_id == id).map(|r| {
            let n = if multi { format!("{}-{}", gi + 1, r.number) } else { r.number.to_string() };
            t("bar.hand_n").replace("{n}", &n)
        })
    })
}

/// The 升级 match page.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    // The replayed view, shared (Arc) so that every reader gets it without a deep copy, and
    // extended in place when entries were only appended (a commit on a 1,000-hand match
    // replays one hand, not 1,000): (match id, entries replayed, id of the last one, view,
    // epoch). The epoch counts whole replays: rows of the history are keyed by it, so an
    // append renders one new row and a replay (an edit, a delete) renders them all again.
    type Cached = Option<(String, usize, Option<String>, Arc<ShengjiView>, u64)>;
    let view_memo: Memo<Cached> = Memo::new_owning(move |prev: Option<Cached>| {
        m.with(|o| {
            let Some(x) = o.as_ref() else { return (None, true) };
            let s = setup_of(x);
            let last = |n: usize| n.checked_sub(1).and_then(|i| x.entries.get(i)).map(|e| e.id.clone());
            let mut epoch = 0;
            if let Some(Some((id, n, last_id, mut view, ep))) = prev {
                epoch = ep + 1;
                if id == x.id && n <= x.entries.len() && last(n) == last_id {
                    if n == x.entries.len() {
                        return (Some((id, n, last_id, view, ep)), false);
                    }
                    if extend_shengji(Arc::make_mut(&mut view), &s.preset, x, n) {
                        let n = x.entries.len();
                        return (Some((id, n, last(n), view, ep)), true);
                    }
                }
                // The old view is dropped after this frame, not during the commit.
                crate::ui::widgets::drop_later(view);
            }
            let view = Arc::new(replay_shengji(x, &s.preset, &s.start));
            let n = x.entries.len();
            (Some((x.id.clone(), n, last(n), view, epoch)), true)
        })
    });
    let v = move || view_memo.with(|c| c.as_ref().map(|c| c.3.clone())).expect("view present");
    // The history and the chart follow one frame late (widgets::after_paint): a commit
    // paints the scoreboard and the preview first. They read the newest view untracked.
    let shown = crate::ui::widgets::after_paint(view_memo);
    let v_late = move || {
        shown.track();
        view_memo.with_untracked(|c| c.as_ref().map(|c| c.3.clone())).expect("view present")
    };
    let epoch_late = Signal::derive(move || {
        shown.track();
        view_memo.with_untracked(|c| c.as_ref().map(|c| c.4).unwrap_or(0))
    });
    // Compared with the one it has before anything is cloned: a commit leaves it as it was.
    let preset = Memo::new_owning(move |old: Option<shengji::Preset>| {
        m.with(|o| {
            let p = &setup_of(o.as_ref().expect("preset")).preset;
            match old {
                Some(q) if q == *p => (q, false),
                _ => (p.clone(), true),
            }
        })
    });
    let teams = Memo::new(move |_| m.with(|o| o.as_ref().map(|x| setup_of(x).teams.clone())).unwrap_or_default());
    let players = Memo::new(move |_| m.with(|o| o.as_ref().map(|x| setup_of(x).players.clone())).unwrap_or_default());
    let form = Form::new();
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    // The half-entered hand survives a reload, an update and back/forward.
    crate::ui::draft::keep_draft(
        GameId::Shengji.as_str(),
        &mid,
        form.intent,
        move || (form.hand(), form.editing.get()),
        move |(h, id): (Hand, Option<String>)| form.load(&h, id),
    );
    let countdown = crate::ui::clock::countdown_signal(
        &mid,
        |w| match w {
            "bury" => Some(TimedAction::Bury),
            "play" => Some(TimedAction::Play),
            _ => None,
        },
        |a| if *a == TimedAction::Bury { "bury".into() } else { "play".into() },
    );
    // The clock's "now": the running clock's start plus the time elapsed since, on the
    // monotonic clock (crate::ui::clock), never the device's wall clock alone.
    let tick = crate::ui::clock::ticker();
    let running_since =
        Memo::new(move |_| view_memo.with(|c| c.as_ref().and_then(|c| c.3.current().clock.running_since)));
    let scope = crate::ui::clock::clock_scope(&mid);
    let now = Signal::derive(move || {
        tick.track();
        crate::ui::clock::run_now(&scope, running_since.get())
    });

    // The candidate entry: the live preview, checked as its commit would be
    // ([`Match::preview`]; `Err`: refused, and why). A new hand is then played on a copy of
    // the current state (the log is not replayed); an edit of hand k is the log replayed
    // with it in place.
    let candidate = Memo::new(move |_| -> Option<Result<Option<HandRow>, ImportError>> {
        let x = m.get()?;
        let hand = form.hand();
        let editing = form.editing.get();
        let op = match editing.clone() {
            Some(target) => Op::Correct { target, hand: HandInput::Shengji(hand.clone()) },
            None => Op::Hand { hand: HandInput::Shengji(hand.clone()) },
        };
        let entry = Entry { after: None, id: "preview".into(), at_ms: now_ms(), op };
        let Some(target) = editing else {
            // Checked without a copy of the log, and played on the current state.
            if let Err(e) = x.check(entry) {
                return Some(Err(e));
            }
            let row = view_memo
                .with(|c| c.as_ref().map(|c| preset.with(|p| preview_next_hand(&c.3, p, "preview", now_ms(), hand))))?;
            return Some(Ok(Some(row)));
        };
        let y = match x.preview(entry) {
            Ok(y) => y,
            Err(e) => return Some(Err(e)),
        };
        let MatchView::Shengji(pv) = replay(&y) else { return None };
        Some(Ok(pv.games.iter().flat_map(|g| &g.rows).find(|r| r.entry_id == target).cloned()))
    });

    // The preview's text, compared so that an unchanged preview renders nothing. While a
    // typed field is refused (a score typed as "93") the form still holds its last valid
    // value: the preview says why the field is refused, as the entry bar does, and not the
    // verdict of that old value.
    let refusals = crate::ui::parts::FieldRefusals::get();
    let preview = Memo::new(move |_| {
        if let Some(r) = refusals.and_then(crate::ui::parts::FieldRefusals::first) {
            return Preview::Error(r);
        }
        let l = lang.get();
        let tm = teams.get();
        match candidate.get() {
            Some(Err(e)) => Preview::Error(crate::ui::refusal_named(&e, Names { teams: Some(&tm), players: &[] })),
            Some(Ok(Some(HandRow { result: Ok(o), hand, .. }))) => preset
                .with(|p| Preview::Ok { verdict: verdict_line(l, p, &o, &tm), lines: explain(l, p, &hand, &o, &tm) }),
            // The first declarer is open (RULES.md §1 [r2]): the show decides it.
            Some(Ok(Some(HandRow { result: Err(e), .. }))) if e.field == "declarer_seat" => {
                Preview::Error(t("entry.need_show").to_string())
            }
            Some(Ok(Some(HandRow { result: Err(e), .. }))) => {
                Preview::Error(crate::i18n::input_error_text(l, &e, Names { teams: Some(&tm), players: &[] }))
            }
            _ => Preview::Empty,
        }
    });

    // Memos: read by every history row, they notify only when the value changes.
    let locked_memo = Memo::new(move |_| view_memo.with(|c| c.as_ref().is_some_and(|c| c.3.locked)));
    let game_over_memo =
        Memo::new(move |_| view_memo.with(|c| c.as_ref().is_some_and(|c| c.3.current().winner.is_some())));
    let locked = move || locked_memo.get();
    let game_over = move || game_over_memo.get();
    // The game won or the match signed off in another tab while a hand is typed here: said.
    crate::ui::parts::tell_when_closed_elsewhere(m, form.intent, move || !locked() && !game_over());

    // The edited hand deleted (here or in another tab): the form says so and starts a new
    // hand (the edit of an old hand is not the next hand).
    let edit_gone = crate::ui::widgets::leave_edit_when_gone(
        m,
        form.editing,
        form.error,
        "entry.edit_gone",
        form.intent,
        move || form.reset(),
    );
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let do_commit = move |ev: leptos::ev::MouseEvent| {
        form.intent.commit(
            crate::ui::widgets::event_time(&ev),
            move || preview.with_untracked(|p| p.is_ok().then(|| p.verdict().to_string())),
            move || {
                if edit_gone() {
                    return false;
                }
                let Some(x) = m.get_untracked() else { return false };
                let row = match candidate.get_untracked() {
                    Some(Ok(row)) => row,
                    Some(Err(e)) => {
                        let tm = teams.get_untracked();
                        form.error.set(Some(crate::ui::refusal_named(&e, Names { teams: Some(&tm), players: &[] })));
                        return false;
                    }
                    None => return false,
                };
                match row.map(|r| r.result) {
                    Some(Ok(_)) => {}
                    Some(Err(e)) => {
                        let l = lang.get_untracked();
                        let tm = teams.get_untracked();
                        let names = Names { teams: Some(&tm), players: &[] };
                        form.error.set(Some(crate::i18n::input_error_text(l, &e, names)));
                        return false;
                    }
                    None => return false,
                }
                let hand = HandInput::Shengji(form.hand());
                let op = match form.editing.get_untracked() {
                    Some(target) => Op::Correct { target, hand },
                    None => Op::Hand { hand },
                };
                let stored = match commit(&x, op) {
                    Ok(()) => {
                        form.reset();
                        true
                    }
                    Err(e) => {
                        form.error.set(Some(e));
                        false
                    }
                };
                crate::ui::widgets::drop_later(x);
                stored
            },
        )
    };

    let simple = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };

    view! {
        <section class="page match">
            {crate::ui::parts::match_title(m)}
            <p class="muted">
                {move || {
                    let p = preset.get();
                    let l = lang.get();
                    let name = crate::i18n::preset_name(l, &p.id)
                        .map(str::to_string)
                        .unwrap_or_else(|| crate::i18n::data_text(l, &p.name));
                    format!("{name} · {}", crate::i18n::data_text(l, &p.source))
                }}
            </p> <Scoreboard v=Signal::derive(v) teams=teams.into() players=players.into() now=now />
            <ClockBar m=m v=Signal::derive(v) preset=preset.into() now=now teams=teams.into() countdown=countdown />
            <Limits v=Signal::derive(v) preset=preset.into() teams=teams.into() />
            <Show
                when=move || !locked() && !game_over()
                fallback=move || view! { <GameEnd m=m v=Signal::derive(v) teams=teams.into() /> }
            >
                <HandEntry
                    form=form
                    preset=preset.into()
                    v=Signal::derive(v)
                    players=players.into()
                    teams=teams.into()
                    countdown=countdown
                />
                // The preview's elements stay in place while the hand is edited and committed;
                // only their text changes (rebuilding an element re-sets all its attributes).
                <div class="preview" id="preview" aria-live="polite">
                    <Show
                        when=move || preview.with(|p| p.is_ok())
                        fallback=move || {
                            view! {
                                <p class=move || {
                                    if preview.with(|p| matches!(p, Preview::Error(_))) {
                                        "field-error"
                                    } else {
                                        "muted"
                                    }
                                }>
                                    {move || {
                                        preview
                                            .with(|p| match p {
                                                Preview::Error(e) => e.clone(),
                                                _ => "…".to_string(),
                                            })
                                    }}
                                </p>
                            }
                        }
                    >
                        <p class="verdict" id="preview-verdict">
                            {move || preview.with(|p| p.verdict().to_string())}
                        </p>
                        <ul class="explain">
                            {move || {
                                preview
                                    .with(|p| {
                                        p.lines()
                                            .iter()
                                            .map(|s| {
                                                view! {
                                                    <li>
                                                        <crate::ui::rules_tab::CiteText text=s.clone() />
                                                    </li>
                                                }
                                            })
                                            .collect_view()
                                    })
                            }}
                        </ul>
                    </Show>
                </div>
                <CommitBar
                    m=m
                    intent=form.intent
                    verdict=Signal::derive(move || {
                        preview
                            .with(|p| match p {
                                Preview::Ok { verdict, .. } => BarLine::Verdict(verdict.clone()),
                                Preview::Error(e) => BarLine::Refusal(e.clone()),
                                Preview::Empty => BarLine::Hint("…".to_string()),
                            })
                    })
                    name=Callback::new(move |id: String| hand_name(&v(), &id))
                    ids=["commit-error", "commit"]
                    error=form.error
                    editing=Signal::derive(move || form.editing.get().is_some())
                    label="entry.commit"
                    on_commit=do_commit
                    on_cancel=move || form.reset()
                />
            </Show> <MatchActions m=m locked=locked_memo undo="undo" export="export-match" share=true />
            <crate::ui::ruling::RulingPanel m=m teams=teams.into() locked=locked_memo.into() />
            <h2>{tx("chart.title")}</h2>
            <LevelChart series=Signal::derive(move || v_late().current().level_series()) names=teams.into() />
            <History
                v=Signal::derive(v_late)
                epoch=epoch_late
                preset=preset.into()
                teams=teams.into()
                form=form
                locked=locked_memo.into()
                on_void=move |id: String| simple(Op::Void {
                    target: id,
                    reason: "delete".into(),
                })
            /> <ResultSheet m=m v=Signal::derive(v) teams=teams.into() players=players.into() />
            <crate::ui::parts::ShareBar m=m /> <EntryLog m=m />
        </section>
    }
}
