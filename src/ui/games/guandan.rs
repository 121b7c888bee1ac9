//! 掼蛋 pages (issue 5): the set-up form, and the match page — scoreboard with the A
//! counter, round clock and per-play timers, hand entry by tapping the four seats in
//! finishing order with a live preview, tribute / fouls / forfeit logging, history with
//! edit/delete/undo, the shared level chart, result sheet with sign-off.
//!
//! Every number shown comes from [`crate::record::games::guandan::replay`]; every text is
//! built from the engine's structured fields with table strings (never the engine's Chinese
//! `rule` strings), citing the preset's seed sections.

use crate::i18n::Names;
use crate::record::game::GameId;
use crate::record::games::guandan::{GuandanRow, GuandanSetup, GuandanStart, GuandanView, Round, RowError};
use crate::record::replay::{replay, MatchView};
use crate::record::{Entry, HandInput, Match, Op, Setup, TimedAction};
use crate::rules::guandan::{
    builtin_presets, validate_tribute, AAttempt, Card, CardRank, Finish, FinishOrder, Forfeit, ForfeitReason, Foul,
    FoulKind, GuandanPreset, Hand, HandOutcome, LeadRule, PerTeam, RankKey, SinglePayer, Step, Suit, TieLead, TimeUp,
    TributeDue, TributeError, TributeKind, TributePayment, TributeRecord,
};
use crate::rules::{Rank, Seat, Team};
use crate::ui::parts::MatchActions;
use crate::ui::widgets::{fmt_duration, leave_edit_when_gone, no_key_repeat, vibrate, FormIntent, LevelChart};
use crate::ui::{commit, create_match, ctx, fmt_time, io, new_id, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

// ---------------------------------------------------------------------------------------
// Text helpers (call inside reactive closures: they read the language)
// ---------------------------------------------------------------------------------------

const SEATS: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

fn seat(s: Seat) -> &'static str {
    crate::i18n::seat_name(ctx().lang.get(), s)
}

fn seats_text(v: &[Seat]) -> String {
    let sep = if ctx().lang.get() == crate::i18n::Lang::En { ", " } else { "、" };
    v.iter().map(|s| seat(*s)).collect::<Vec<_>>().join(sep)
}

fn side(tm: Team) -> &'static str {
    crate::i18n::team_side(ctx().lang.get(), tm)
}

fn team_label(teams: &BTreeMap<Team, String>, tm: Team) -> String {
    teams.get(&tm).cloned().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| side(tm).to_string())
}

fn place(p: u8) -> &'static str {
    match p {
        1 => t("gd.place.1"),
        2 => t("gd.place.2"),
        3 => t("gd.place.3"),
        _ => t("gd.place.4"),
    }
}

fn finish_name(f: Finish) -> &'static str {
    match f {
        Finish::Double => t("gd.finish.double"),
        Finish::OneThree => t("gd.finish.one_three"),
        Finish::OneFour => t("gd.finish.one_four"),
    }
}

fn suit_symbol(s: Suit) -> &'static str {
    match s {
        Suit::S => "♠",
        Suit::H => "♥",
        Suit::D => "♦",
        Suit::C => "♣",
    }
}

fn rank_text(r: CardRank) -> String {
    match r {
        CardRank::Plain(r) => r.name().to_string(),
        CardRank::SmallJoker => t("gd.card.sj").to_string(),
        CardRank::BigJoker => t("gd.card.bj").to_string(),
    }
}

fn card_text(c: &Card) -> String {
    match c.rank {
        CardRank::Plain(r) => format!("{}{}", c.suit.map(suit_symbol).unwrap_or(""), r.name()),
        other => rank_text(other),
    }
}

fn foul_kind_name(k: FoulKind) -> &'static str {
    match k {
        FoulKind::OutOfTurn => t("gd.foul.out_of_turn"),
        FoulKind::Warning => t("gd.foul.warning"),
        FoulKind::ExposedCard => t("gd.foul.exposed_card"),
        FoulKind::Other => t("gd.foul.other"),
    }
}

fn forfeit_reason_name(r: ForfeitReason) -> &'static str {
    match r {
        ForfeitReason::Late => t("gd.ff.late"),
        ForfeitReason::Absent => t("gd.ff.absent"),
        ForfeitReason::Withdrew => t("gd.ff.withdrew"),
        ForfeitReason::Other => t("gd.ff.other"),
    }
}

fn preset_label(p: &GuandanPreset) -> String {
    match p.id.as_str() {
        "guandan-3-2-1" => t("gd.preset.321").to_string(),
        "guandan-5-3-1" => t("gd.preset.531").to_string(),
        "jiankang-guandan" => t("gd.preset.jiankang").to_string(),
        "guandan-shift-3rounds" => t("gd.preset.shift").to_string(),
        _ => p.name.clone(),
    }
}

/// ` [004 第一篇 §五]` in the UI language ([`crate::i18n::cite`]), or nothing.
fn cite(c: &str) -> String {
    if c.is_empty() || c == "—" {
        String::new()
    } else {
        format!(" [{}]", crate::i18n::cite(ctx().lang.get(), c))
    }
}

/// "A²" style: the attempt number at A (failures so far + 1).
fn a_attempt_no(failures: u32) -> String {
    const SUP: [&str; 10] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
    (failures + 1).to_string().chars().map(|d| SUP[d.to_digit(10).unwrap_or(0) as usize]).collect()
}

fn a_rule_text(p: &GuandanPreset) -> String {
    match p.a_rule.max_failures {
        Some(n) => format!("{} {n} {} {}", t("gd.a.limit_pre"), t("gd.a.limit_post"), p.a_rule.fall_back_to),
        None => t("gd.a.must_play").to_string(),
    }
}

fn tie_text(tie: TieLead, next_of_first: Seat) -> String {
    match tie {
        TieLead::SmallerReturnThenNextOfFirst => format!("{} {}", t("gd.tie.smaller_return"), seat(next_of_first)),
        TieLead::NextOfFirst => format!("{} {}", t("gd.tie.next_of_first"), seat(next_of_first)),
        TieLead::PayersChoose => t("gd.tie.payers_choose").to_string(),
    }
}

/// The tribute due before a hand, who pays whom and who leads.
fn due_text(due: &TributeDue) -> String {
    let main = match (due.kind, due.lead) {
        (TributeKind::Single, _) => format!(
            "{}: {} → {} ({}) · {} {}",
            t("gd.trib.single"),
            seat(due.payers[0]),
            seat(due.receivers[0]),
            place(1),
            seat(due.payers[0]),
            t("gd.leads")
        ),
        (TributeKind::Double, LeadRule::LargerTribute { tie, next_of_first }) => format!(
            "{}: {} → {} ({}) / {} · {}; {}",
            t("gd.trib.double"),
            seats_text(&due.payers),
            seat(due.receivers[0]),
            t("gd.trib.larger_to_first"),
            seat(due.receivers[1]),
            t("gd.trib.larger_leads"),
            tie_text(tie, next_of_first)
        ),
        (TributeKind::Double, LeadRule::Payer { seat: s }) => {
            format!("{}: {} · {} {}", t("gd.trib.double"), seats_text(&due.payers), seat(s), t("gd.leads"))
        }
    };
    format!("{main} · {}: {} {}", t("gd.trib.resist"), seat(due.lead_if_resisted), t("gd.leads"))
}

fn tribute_error_text(e: &TributeError) -> String {
    use TributeError::*;
    match e {
        NoneDue => t("gd.terr.none_due").to_string(),
        ResistWithoutBigJokers => t("gd.terr.resist_jokers").to_string(),
        ResistWithPayments => t("gd.terr.resist_payments").to_string(),
        WrongCount { expected, got } => format!("{} ({got}/{expected})", t("gd.terr.count")),
        WrongPayer { seat: s, expected } => format!("{}: {} ({})", t("gd.terr.payer"), seat(*s), seats_text(expected)),
        WrongReceiver { seat: s, expected } => {
            format!("{}: {} ({})", t("gd.terr.receiver"), seat(*s), seats_text(expected))
        }
        LargerNotToFirst { first } => format!("{} {}", t("gd.terr.larger_first"), seat(*first)),
        HeartLevelCard { from } => format!("{}: {}", seat(*from), t("gd.terr.heart_level")),
        HighestNotConfirmed { from } => format!("{}: {}", seat(*from), t("gd.terr.highest")),
        MissingReturn { by } => format!("{}: {}", seat(*by), t("gd.terr.missing_return")),
        ReturnTooHigh { by, card, max } => {
            format!("{}: {} {} > {max}", seat(*by), t("gd.terr.return_high"), card_text(card))
        }
        ReturnIsJoker { by } => format!("{}: {}", seat(*by), t("gd.terr.return_joker")),
        WrongLeader { expected, got } => format!("{}: {} ({})", t("gd.terr.leader"), seat(*got), seats_text(expected)),
    }
}

fn row_error_text(e: &RowError, teams: &BTreeMap<Team, String>) -> String {
    match e {
        RowError::GameOver { winner } => {
            format!("{} ({} {})", t("gd.rowerr.game_over"), team_label(teams, *winner), t("gd.wins"))
        }
        RowError::RoundComplete { hands } => format!("{} ({hands})", t("gd.rowerr.round_complete")),
        RowError::TimeUp => t("gd.rowerr.time_up").to_string(),
    }
}

fn tribute_record_text(r: &TributeRecord) -> String {
    if r.resisted {
        return format!(
            "{}{}",
            t("gd.trib.resist"),
            if r.big_jokers_confirmed { format!(" ({})", t("gd.trib.jokers_ok")) } else { String::new() }
        );
    }
    let pays = r
        .payments
        .iter()
        .map(|p| {
            format!(
                "{} → {} {}{}",
                seat(p.from),
                seat(p.to),
                card_text(&p.card),
                p.returned.map(|c| format!(", {} {}", t("gd.trib.returned"), card_text(&c))).unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    format!("{}: {pays}", t("gd.trib.title"))
}

/// The one-line verdict of a hand.
fn verdict(hand: &Hand, o: &HandOutcome, teams: &BTreeMap<Team, String>) -> String {
    if let Some(f) = &hand.forfeit {
        let mut s = format!(
            "{} {} → {} {}",
            team_label(teams, f.team),
            t("gd.forfeits"),
            team_label(teams, o.winners),
            t("gd.wins")
        );
        if let Some(pts) = o.points {
            s.push_str(&format!(" ({}:{})", pts[o.winners], pts[f.team]));
        }
        return s;
    }
    let mut s = format!(
        "{} {} ({} {}) · {}",
        team_label(teams, o.winners),
        t("gd.wins_hand"),
        place(1),
        seat(o.first),
        finish_name(o.finish)
    );
    if o.upgrade > 0 {
        let b = o.levels_before[o.winners];
        let a = b.up(o.rise);
        s.push_str(&format!(" → +{} ({b}→{a})", o.rise));
        if o.rise < o.upgrade {
            s.push_str(&format!(" {}", t("gd.stops_at_a")));
        }
    }
    if let Some(pts) = o.points {
        s.push_str(&format!(" → +{} {}", pts[o.winners], t("gd.pts")));
    }
    match o.a_attempt {
        Some(AAttempt::Passed { team }) => s.push_str(&format!(" → {} {}", team_label(teams, team), t("gd.passes_a"))),
        Some(AAttempt::Failed { team, count }) => {
            s.push_str(&format!(" → {} {} ({} {count})", team_label(teams, team), t("gd.a_failed"), t("gd.a.failures")))
        }
        Some(AAttempt::FellBack { team, to, .. }) => {
            s.push_str(&format!(" → {} {} {to}", team_label(teams, team), t("gd.a.back_to")))
        }
        None => {}
    }
    for f in &o.fouls {
        if f.levels_to_opponents > 0 {
            s.push_str(&format!(
                "; {} +{} ({})",
                team_label(teams, f.team.other()),
                f.levels_to_opponents,
                t("gd.fouls")
            ));
        }
    }
    // The engine says when (and why) the winners rose no level; an attempt at A says so above.
    let no_rise = o.notes.iter().any(|n| matches!(n, Step::NoRise { .. }));
    if no_rise && o.a_attempt.is_none() {
        s.push_str(&format!(" · {}", t("gd.no_rise")));
    }
    s
}

/// Every step of the pipeline for one hand, with its numbers and sources.
fn explain(
    p: &GuandanPreset,
    row: Option<&GuandanRow>,
    hand: &Hand,
    o: &HandOutcome,
    teams: &BTreeMap<Team, String>,
) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(f) = &hand.forfeit {
        v.push(format!(
            "{}: {} · {}{}",
            t("gd.ff.title"),
            team_label(teams, f.team),
            forfeit_reason_name(f.reason),
            f.minutes_late.map(|m| format!(" ({m} {})", t("gd.min"))).unwrap_or_default()
        ));
        if let Some(pts) = o.points {
            v.push(format!("{}: {}:{}{}", t("gd.ff.score"), pts[o.winners], pts[f.team], cite(&p.cites.deal_points)));
        }
        if p.round_scoring.is_some() {
            v.push(t("gd.ff.round_reading").to_string());
        }
        return v;
    }
    let order = hand.order.seats();
    v.push(
        order
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {}", place(i as u8 + 1), seat(*s)))
            .collect::<Vec<_>>()
            .join(" · "),
    );
    v.push(format!(
        "{}: {} · {} {} {} → {}",
        t("gd.exp.winners"),
        team_label(teams, o.winners),
        t("gd.exp.partner"),
        seat(o.first.partner()),
        place(o.partner_place),
        finish_name(o.finish)
    ));
    if let Some(l) = o.level_played {
        v.push(format!("{}: {l}", t("gd.exp.level")));
    }
    // The rules the engine applied, in order, each with its numbers and source.
    let lang = ctx().lang.get();
    let names = Names { teams: Some(teams), players: &[] };
    for step in o.rule.iter().chain(&o.notes) {
        v.push(crate::i18n::say(lang, &step.msg(), names));
    }
    if let Some(rec) = &hand.tribute {
        v.push(format!("{}{}", tribute_record_text(rec), cite(&p.cites.tribute)));
        if let Some(l) = o.led_by {
            v.push(format!("{} {}", seat(l), t("gd.led")));
        }
        for e in &o.tribute_errors {
            v.push(format!("⚠ {}", tribute_error_text(e)));
        }
    }
    if let Some(r) = row {
        if r.late {
            v.push(format!("⚠ {}", t("gd.late_row")));
        }
    }
    if o.winner.is_none() {
        v.push(format!(
            "{}: {}{}",
            t("gd.exp.next"),
            o.next_level.map(|l| format!("{} {l}", t("gd.plays"))).unwrap_or_else(|| "—".into()),
            o.next_declarer
                .filter(|_| p.fixed_level.is_none())
                .map(|d| format!(" ({})", team_label(teams, d)))
                .unwrap_or_default()
        ));
        if let Some(d) = &o.next_tribute {
            v.push(due_text(d));
        }
    }
    v
}

// ---------------------------------------------------------------------------------------
// Home line
// ---------------------------------------------------------------------------------------

fn setup_of(m: &Match) -> Option<&GuandanSetup> {
    match &m.setup {
        Setup::Guandan(s) => Some(s),
        _ => None,
    }
}

fn view_of(m: &Match) -> Option<GuandanView> {
    match replay(m) {
        MatchView::Guandan(v) => Some(v),
        _ => None,
    }
}

/// One line for the home list: levels (or points / round scores) and hands played.
pub fn summary(m: &Match) -> String {
    let (Some(s), Some(v)) = (setup_of(m), view_of(m)) else { return String::new() };
    let r = v.current();
    let name = |tm: Team| team_label(&s.teams, tm);
    let score = if let Some(p) = v.points_total {
        format!("{}:{} {}", p.a, p.b, t("gd.pts"))
    } else if let Some(p) = v.round_score_total {
        format!("{}:{}", p.a, p.b)
    } else {
        format!("{} : {}", r.state.levels.a, r.state.levels.b)
    };
    format!("{} · {} {score} {} · {} {}", t("game.guandan"), name(Team::A), name(Team::B), r.hands, t("home.hands"))
}

// ---------------------------------------------------------------------------------------
// Set-up form
// ---------------------------------------------------------------------------------------

/// The rules of a preset as a referee reads them, the *(reading)* parameters marked.
#[component]
fn PresetSummary(#[prop(into)] preset: Signal<GuandanPreset>) -> impl IntoView {
    view! {
        {move || {
            let p = preset.get();
            let mut lines: Vec<String> = Vec::new();
            if let Some(u) = p.upgrade {
                lines
                    .push(
                        format!(
                            "{}: {} +{} · {} +{} · {} +{}{}",
                            t("gd.exp.table"),
                            t("gd.finish.double"),
                            u.double,
                            t("gd.finish.one_three"),
                            u.one_three,
                            t("gd.finish.one_four"),
                            u.one_four,
                            cite(&p.cites.upgrade),
                        ),
                    );
                lines
                    .push(
                        format!(
                            "{}: {} · {}{}",
                            t("gd.ps.a_rule"),
                            if p.a_rule.partner_not_last { t("gd.exp.a_partner_rule") } else { t("gd.exp.a_any_rule") },
                            a_rule_text(&p),
                            cite(&p.cites.a_fail),
                        ),
                    );
                lines.push(t("gd.ps.never_skip_a").to_string());
            }
            if let Some(d) = p.deal_points {
                lines
                    .push(
                        format!(
                            "{}: {} {} · {} {} · {} {}{}",
                            t("gd.exp.points"),
                            t("gd.finish.double"),
                            d.double,
                            t("gd.finish.one_three"),
                            d.one_three,
                            t("gd.finish.one_four"),
                            d.one_four,
                            cite(&p.cites.deal_points),
                        ),
                    );
            }
            if let Some(l) = p.fixed_level {
                lines.push(format!("{}: {l}", t("gd.ps.fixed_level")));
            }
            if let Some(rs) = p.round_scoring {
                lines
                    .push(
                        format!(
                            "{}: {} {} + {} ≤ {} · {} ≤ {}{}",
                            t("gd.ps.round_scoring"),
                            t("gd.ps.passed_a"),
                            rs.pass_base,
                            t("gd.ps.level_diff"),
                            rs.diff_cap,
                            t("gd.ps.not_passed"),
                            rs.gained_cap,
                            cite(&p.cites.round_scoring),
                        ),
                    );
            }
            lines
                .push(
                    format!(
                        "{}: {} {} · {}{}",
                        t("gd.fouls"),
                        t("gd.foul.out_of_turn"),
                        if p.fouls.out_of_turn_levels > 0 {
                            format!("→ {} +{}", t("gd.ps.opponents"), p.fouls.out_of_turn_levels)
                        } else {
                            t("gd.exp.no_level_effect").to_string()
                        },
                        p
                            .fouls
                            .warnings_per_foul
                            .map(|k| format!("{k} {} = 1 {}", t("gd.foul.warning"), t("gd.ps.foul_unit")))
                            .unwrap_or_else(|| t("gd.ps.warnings_none").to_string()),
                        cite(&p.cites.fouls),
                    ),
                );
            lines
                .push(
                    format!(
                        "{}: {} {} · {} · {}{}",
                        t("gd.trib.title"),
                        t("gd.ps.return_max"),
                        p.tribute.return_max.map(|r| r.name().to_string()).unwrap_or_else(|| "—".into()),
                        match p.tribute.single_payer {
                            SinglePayer::Last => t("gd.ps.payer_last"),
                            SinglePayer::LastOpponent => t("gd.ps.payer_last_opp"),
                        },
                        match p.tribute.double_tie_lead {
                            TieLead::SmallerReturnThenNextOfFirst => t("gd.tie.smaller_return"),
                            TieLead::NextOfFirst => t("gd.tie.next_of_first"),
                            TieLead::PayersChoose => t("gd.tie.payers_choose"),
                        },
                        cite(&p.cites.tribute),
                    ),
                );
            let f = &p.format;
            let mut fmt: Vec<String> = Vec::new();
            if let Some(n) = f.best_of {
                fmt.push(format!("{} {n}", t("gd.ps.best_of")));
            }
            if let Some(n) = f.rounds {
                fmt.push(format!("{n} {}", t("gd.ps.rounds")));
            }
            if let Some(n) = f.hands_per_round {
                fmt.push(format!("{n} {}", t("gd.ps.hands_per_round")));
            }
            if let Some(n) = f.round_minutes {
                fmt.push(format!("{n} {} {}", t("gd.min"), t("gd.per_round")));
            }
            if let Some(tu) = f.time_up {
                fmt.push(
                    match tu {
                        TimeUp::PreviousHandStands => t("gd.time.prev_stands").to_string(),
                        TimeUp::FinishHand => t("gd.time.finish_hand").to_string(),
                    },
                );
            }
            if let Some([a, b]) = f.forfeit_score {
                fmt.push(format!("{} {a}:{b}", t("gd.ps.forfeit")));
            }
            if let Some(n) = f.late_forfeit_minutes {
                fmt.push(format!("{} ≥ {n} {} → {}", t("gd.ff.late"), t("gd.min"), t("gd.ps.forfeit")));
            }
            if let Some(n) = f.forfeits_cancel_results {
                fmt.push(format!("{n} {}", t("gd.ps.forfeits_cancel")));
            }
            if !f.ranking.is_empty() {
                fmt.push(
                    format!(
                        "{}: {}",
                        t("gd.ps.ranking"),
                        f
                            .ranking
                            .iter()
                            .map(|k| match k {
                                RankKey::Points => t("gd.ps.rk_points"),
                                RankKey::DoubleWins => t("gd.ps.rk_double"),
                                RankKey::HeadToHead => t("gd.ps.rk_h2h"),
                                RankKey::RoundScoreTotal => t("gd.ps.rk_round"),
                            })
                            .collect::<Vec<_>>()
                            .join(" › "),
                    ),
                );
            }
            if !fmt.is_empty() {
                lines.push(format!("{}: {}", t("gd.ps.format"), fmt.join(" · ")));
            }
            if p.timing.first_play_seconds.is_some() || p.timing.play_seconds.is_some() {
                lines
                    .push(
                        format!(
                            "{}: {} {}s · {} {}s",
                            t("new.timing"),
                            t("gd.timer.first"),
                            p.timing.first_play_seconds.map(|x| x.to_string()).unwrap_or_else(|| "—".into()),
                            t("gd.timer.play"),
                            p.timing.play_seconds.map(|x| x.to_string()).unwrap_or_else(|| "—".into()),
                        ),
                    );
            }
            view! {
                <div class="preset-summary">
                    <p class="muted">{p.source.clone()}</p>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    {(!p.readings.is_empty())
                        .then(|| view! { <p class="reading">{t("preset.readings")}": "{p.readings.join(", ")}</p> })}
                </div>
            }
        }}
    }
}

/// The set-up form: preset (own editable copy), title, team and player names, start levels
/// and the first declarer.
#[component]
pub fn NewForm() -> impl IntoView {
    let lang = ctx().lang;
    let navigate = use_navigate();
    let presets = builtin_presets();
    let preset = RwSignal::new(presets[0].clone());
    let preset_json = RwSignal::new(String::new());
    let preset_err: RwSignal<Option<String>> = RwSignal::new(None);
    let title = RwSignal::new(String::new());
    let team_a = RwSignal::new(String::new());
    let team_b = RwSignal::new(String::new());
    let names: [RwSignal<String>; 4] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let level_a = RwSignal::new(Rank::TWO);
    let level_b = RwSignal::new(Rank::TWO);
    let declarer: RwSignal<Option<Team>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let apply_json = move |_| match crate::json::from_str::<GuandanPreset>(&preset_json.get_untracked()) {
        Ok(p) => {
            preset.set(p);
            preset_err.set(None);
        }
        Err(e) => preset_err.set(Some(e.to_string())),
    };
    let create = move |_| {
        let nm = |s: RwSignal<String>, dflt: &str| {
            let v = s.get_untracked().trim().to_string();
            if v.is_empty() {
                dflt.to_string()
            } else {
                v
            }
        };
        let teams = [(Team::A, nm(team_a, t("new.team_a_default"))), (Team::B, nm(team_b, t("new.team_b_default")))];
        let tt = title.get_untracked().trim().to_string();
        let m = Match {
            id: new_id("m"),
            created_ms: now_ms(),
            title: if tt.is_empty() { format!("{} {} vs {}", t("game.guandan"), teams[0].1, teams[1].1) } else { tt },
            setup: Setup::Guandan(GuandanSetup {
                preset: preset.get_untracked(),
                teams: teams.into_iter().collect(),
                players: SEATS
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (*s, names[i].get_untracked().trim().to_string()))
                    .collect(),
                start: GuandanStart {
                    levels: PerTeam::new(level_a.get_untracked(), level_b.get_untracked()),
                    declarer: declarer.get_untracked(),
                },
            }),
            entries: Vec::new(),
        };
        match create_match(m) {
            Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
            Err(e) => error.set(Some(e)),
        }
    };
    let presets2 = presets.clone();
    view! {
        <div class="new-form gd-new">
            <label class="field-label" for="gd-preset">
                {tx("new.preset")}
            </label>
            <select
                id="gd-preset"
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(p) = presets2.iter().find(|p| p.id == id) {
                        preset.set(p.clone());
                        preset_json.set(String::new());
                    }
                }
            >
                {presets
                    .iter()
                    .map(|p| {
                        let p2 = p.clone();
                        view! {
                            <option value=p
                                .id
                                .clone()>
                                {move || {
                                    let _ = lang.get();
                                    preset_label(&p2)
                                }}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <details class="preset">
                <summary>{tx("new.rules")}</summary>
                <PresetSummary preset=preset />
                <label class="field-label">{tx("new.edit_preset")}</label>
                <textarea
                    id="gd-preset-json"
                    rows="10"
                    prop:value=move || {
                        let j = preset_json.get();
                        if j.is_empty() { crate::json::to_string_pretty(&preset.get()).unwrap_or_default() } else { j }
                    }
                    on:input=move |ev| preset_json.set(event_target_value(&ev))
                ></textarea>
                <button class="btn" id="gd-apply-preset" on:click=apply_json>
                    {tx("new.apply_preset")}
                </button>
                {move || {
                    preset_err
                        .get()
                        .map(|e| {
                            view! {
                                <p class="field-error" role="alert">
                                    {e}
                                </p>
                            }
                        })
                }}
            </details>
            <label class="field-label" for="gd-title">
                {tx("new.match_title")}
            </label>
            <input
                id="gd-title"
                maxlength=crate::record::schema::MAX_TITLE
                class="gd-wide"
                prop:value=move || title.get()
                on:input=move |ev| title.set(event_target_value(&ev))
            />
            <div class="two">
                <div>
                    <label class="field-label" for="gd-team-A">
                        {tx("new.team_a")}
                    </label>
                    <input
                        id="gd-team-A"
                        maxlength=crate::record::schema::MAX_NAME
                        placeholder=move || t("new.team_a_default")
                        prop:value=move || team_a.get()
                        on:input=move |ev| team_a.set(event_target_value(&ev))
                    />
                </div>
                <div>
                    <label class="field-label" for="gd-team-B">
                        {tx("new.team_b")}
                    </label>
                    <input
                        id="gd-team-B"
                        maxlength=crate::record::schema::MAX_NAME
                        placeholder=move || t("new.team_b_default")
                        prop:value=move || team_b.get()
                        on:input=move |ev| team_b.set(event_target_value(&ev))
                    />
                </div>
            </div>
            <div class="seats">
                {SEATS
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let s = *s;
                        let sig = names[i];
                        view! {
                            <label class=format!(
                                "seat seat-{s:?}",
                            )>
                                {move || format!("{} ({})", seat(s), side(s.team()))}
                                <input
                                    id=format!("gd-player-{s:?}")
                                    maxlength=crate::record::schema::MAX_NAME
                                    prop:value=move || sig.get()
                                    on:input=move |ev| sig.set(event_target_value(&ev))
                                />
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
            <Show when=move || preset.with(|p| p.fixed_level.is_none())>
                <div class="two">
                    {[(Team::A, level_a), (Team::B, level_b)]
                        .into_iter()
                        .map(|(team, sig)| {
                            view! {
                                <div>
                                    <label class="field-label" for=format!("gd-level-{team:?}-start")>
                                        {move || format!("{} {}", side(team), t("new.start_level"))}
                                    </label>
                                    <select
                                        id=format!("gd-level-{team:?}-start")
                                        on:change=move |ev| {
                                            sig.set(Rank::parse(&event_target_value(&ev)).unwrap_or(Rank::TWO))
                                        }
                                    >
                                        {Rank::all()
                                            .map(|r| {
                                                view! {
                                                    <option value=r.name() selected=move || sig.get() == r>
                                                        {r.name()}
                                                    </option>
                                                }
                                            })
                                            .collect_view()}
                                    </select>
                                </div>
                            }
                        })
                        .collect_view()}
                </div>
                <span class="field-label">{tx("gd.new.first_declarer")}</span>
                <div class="chips">
                    {[None, Some(Team::A), Some(Team::B)]
                        .into_iter()
                        .map(|d| {
                            view! {
                                <button
                                    class="btn chip"
                                    class:selected=move || declarer.get() == d
                                    data-declarer=d.map(|x| format!("{x:?}")).unwrap_or_else(|| "none".into())
                                    on:click=move |_| declarer.set(d)
                                >
                                    {move || match d {
                                        None => t("gd.new.declarer_none").to_string(),
                                        Some(x) => side(x).to_string(),
                                    }}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </Show>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id="gd-new-error">
                                {e}
                            </div>
                        }
                    })
            }}
            <button class="btn primary big" id="gd-create" on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}

// ---------------------------------------------------------------------------------------
// Hand entry form (kept in sessionStorage so a re-render or reload keeps the draft)
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
enum TMode {
    #[default]
    Off,
    Paid,
    Resisted,
}

/// One payer's tribute as picked on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Pay {
    from: Seat,
    card: Option<CardRank>,
    suit: Option<Suit>,
    ret: Option<CardRank>,
    ret_suit: Option<Suit>,
    confirmed: bool,
}

impl Pay {
    fn new(from: Seat) -> Pay {
        Pay { from, card: None, suit: None, ret: None, ret_suit: None, confirmed: false }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Draft {
    order: Vec<Seat>,
    fouls: Vec<Foul>,
    tmode: TMode,
    pays: Vec<Pay>,
    jokers: bool,
    leads: Option<Seat>,
    editing: Option<String>,
}

#[derive(Clone, Copy)]
struct Form {
    order: RwSignal<Vec<Seat>>,
    fouls: RwSignal<Vec<Foul>>,
    foul_seat: RwSignal<Seat>,
    tmode: RwSignal<TMode>,
    pays: RwSignal<Vec<Pay>>,
    jokers: RwSignal<bool>,
    leads: RwSignal<Option<Seat>>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    intent: FormIntent,
}

/// The tribute as far as it can be built from the form, and what is still missing.
struct TributeBuild {
    record: Option<TributeRecord>,
    missing: Vec<String>,
    errors: Vec<TributeError>,
    leaders: Vec<Seat>,
}

impl Form {
    fn new() -> Form {
        Form {
            order: RwSignal::new(Vec::new()),
            fouls: RwSignal::new(Vec::new()),
            foul_seat: RwSignal::new(Seat::N),
            tmode: RwSignal::new(TMode::Off),
            pays: RwSignal::new(Vec::new()),
            jokers: RwSignal::new(false),
            leads: RwSignal::new(None),
            editing: RwSignal::new(None),
            error: RwSignal::new(None),
            intent: FormIntent::new(),
        }
    }
    fn draft(&self) -> Draft {
        Draft {
            order: self.order.get(),
            fouls: self.fouls.get(),
            tmode: self.tmode.get(),
            pays: self.pays.get(),
            jokers: self.jokers.get(),
            leads: self.leads.get(),
            editing: self.editing.get(),
        }
    }
    fn set_draft(&self, d: Draft) {
        self.order.set(d.order);
        self.fouls.set(d.fouls);
        self.tmode.set(d.tmode);
        self.pays.set(d.pays);
        self.jokers.set(d.jokers);
        self.leads.set(d.leads);
        self.editing.set(d.editing);
        self.error.set(None);
        self.intent.fresh();
    }
    fn reset(&self) {
        self.set_draft(Draft::default());
    }
    fn load(&self, h: &Hand, id: String) {
        let (tmode, pays, jokers, leads) = match &h.tribute {
            None => (TMode::Off, Vec::new(), false, None),
            Some(r) if r.resisted => (TMode::Resisted, Vec::new(), r.big_jokers_confirmed, r.leads),
            Some(r) => (
                TMode::Paid,
                r.payments
                    .iter()
                    .map(|p| Pay {
                        from: p.from,
                        card: Some(p.card.rank),
                        suit: p.card.suit,
                        ret: p.returned.map(|c| c.rank),
                        ret_suit: p.returned.and_then(|c| c.suit),
                        confirmed: p.highest_confirmed,
                    })
                    .collect(),
                false,
                r.leads,
            ),
        };
        self.set_draft(Draft {
            order: h.order.seats().to_vec(),
            fouls: h.fouls.clone(),
            tmode,
            pays,
            jokers,
            leads,
            editing: Some(id),
        });
    }
    fn pay(&self, from: Seat) -> Pay {
        self.pays.with(|ps| ps.iter().find(|p| p.from == from).copied()).unwrap_or(Pay::new(from))
    }
    fn set_pay(&self, from: Seat, f: impl FnOnce(&mut Pay)) {
        self.pays.update(|ps| {
            if let Some(p) = ps.iter_mut().find(|p| p.from == from) {
                f(p);
            } else {
                let mut p = Pay::new(from);
                f(&mut p);
                ps.push(p);
            }
        });
    }
    fn tap(&self, s: Seat) {
        self.order.update(|o| {
            if let Some(i) = o.iter().position(|x| *x == s) {
                o.truncate(i);
            } else {
                o.push(s);
                if o.len() == 3 {
                    if let Some(last) = SEATS.into_iter().find(|x| !o.contains(x)) {
                        o.push(last);
                    }
                }
            }
        });
    }
    fn finish_order(&self) -> Option<FinishOrder> {
        let o = self.order.get();
        (o.len() == 4).then(|| FinishOrder::new([o[0], o[1], o[2], o[3]]).ok()).flatten()
    }
    /// Builds the tribute record against the tribute `due` at `level`.
    fn tribute(&self, p: &GuandanPreset, due: Option<&TributeDue>, level: Rank) -> TributeBuild {
        let mode = self.tmode.get();
        let Some(due) = due else {
            return TributeBuild { record: None, missing: Vec::new(), errors: Vec::new(), leaders: Vec::new() };
        };
        let mut missing = Vec::new();
        let mut record = match mode {
            TMode::Off => return TributeBuild { record: None, missing, errors: Vec::new(), leaders: Vec::new() },
            TMode::Resisted => TributeRecord {
                resisted: true,
                big_jokers_confirmed: self.jokers.get(),
                payments: Vec::new(),
                leads: None,
            },
            TMode::Paid => {
                let pays: Vec<Pay> = due.payers.iter().map(|s| self.pay(*s)).collect();
                let cards: Vec<Option<Card>> = pays
                    .iter()
                    .map(|x| {
                        x.card.map(|r| Card {
                            rank: r,
                            suit: if matches!(r, CardRank::Plain(_)) { x.suit } else { None },
                        })
                    })
                    .collect();
                let to = due.receivers_for(&cards, level);
                let mut payments = Vec::new();
                for (i, x) in pays.iter().enumerate() {
                    match cards[i] {
                        None => missing.push(format!("{}: {}", seat(x.from), t("gd.trib.pick_card"))),
                        Some(card) => payments.push(TributePayment {
                            from: x.from,
                            to: to.get(i).copied().unwrap_or(due.receivers[0]),
                            card,
                            returned: x.ret.map(|r| Card { rank: r, suit: x.ret_suit }),
                            highest_confirmed: x.confirmed,
                        }),
                    }
                }
                TributeRecord { resisted: false, big_jokers_confirmed: false, payments, leads: None }
            }
        };
        let (errors, leaders) = match validate_tribute(p, due, level, &record) {
            Ok(ls) => (Vec::new(), ls),
            Err(es) => (es, Vec::new()),
        };
        if leaders.len() == 1 {
            record.leads = Some(leaders[0]);
        } else if leaders.len() > 1 {
            match self.leads.get() {
                Some(l) if leaders.contains(&l) => record.leads = Some(l),
                _ => missing.push(t("gd.trib.pick_leader").to_string()),
            }
        }
        TributeBuild { record: Some(record), missing, errors, leaders }
    }
}

// ---------------------------------------------------------------------------------------
// The match page
// ---------------------------------------------------------------------------------------

/// Context of the hand being entered: the tribute due before it and the level it is
/// played at (of the edited hand, or of the next hand).
#[derive(Clone, Debug, PartialEq)]
struct EntryCtx {
    due: Option<TributeDue>,
    level: Option<Rank>,
    before_a_failures: PerTeam<u32>,
}

/// The match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let lang = ctx().lang;
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    let vm: Memo<Option<GuandanView>> = Memo::new(move |_| m.with(|o| o.as_deref().and_then(view_of)));
    let v = Signal::derive(move || vm.get().expect("a 掼蛋 view"));
    let setup = Memo::new(move |_| m.with(|o| o.as_deref().and_then(setup_of).cloned()).expect("a 掼蛋 set-up"));
    let preset = Signal::derive(move || setup.with(|s| s.preset.clone()));
    let teams = Signal::derive(move || setup.with(|s| s.teams.clone()));
    let players = Signal::derive(move || setup.with(|s| s.players.clone()));
    let form = Form::new();
    // The half-entered hand survives a reload, an update and back/forward.
    crate::ui::draft::keep_draft(
        GameId::Guandan.as_str(),
        &mid,
        form.intent,
        move || form.draft(),
        move |d| form.set_draft(d),
    );
    // The edited hand deleted (here, in another tab, or before a reload of a draft that was
    // editing it): the form says so and starts a new hand; the edit of an old hand is not a
    // new hand's draft (its order, fouls and tribute belong to that hand).
    let edit_gone = leave_edit_when_gone(m, form.editing, form.error, "entry.edit_gone", move || form.reset());
    // The clock's "now" on the monotonic clock (crate::ui::clock), not the wall clock alone.
    let tick = crate::ui::clock::ticker();
    let running_since = Memo::new(move |_| vm.with(|v| v.as_ref().and_then(|v| v.current().clock.running_since)));
    let scope = crate::ui::clock::clock_scope(&mid);
    let now = Signal::derive(move || {
        tick.track();
        crate::ui::clock::run_now(&scope, running_since.get())
    });

    let entry_ctx = Memo::new(move |_| {
        let view = v.get();
        let p = preset.get();
        match form.editing.get().and_then(|id| view.row(&id).map(|(_, r)| r.clone())) {
            Some(r) => EntryCtx { due: r.tribute_due.clone(), level: r.level, before_a_failures: r.before.a_failures },
            None => {
                let cur = view.current();
                EntryCtx {
                    due: cur.next_tribute(&p),
                    level: cur.next_level(&p),
                    before_a_failures: cur.state.a_failures,
                }
            }
        }
    });
    let tribute = Memo::new(move |_| {
        let c = entry_ctx.get();
        let p = preset.get();
        let b = form.tribute(&p, c.due.as_ref(), c.level.unwrap_or(Rank::TWO));
        (b.record, b.missing, b.errors, b.leaders)
    });
    let hand = Memo::new(move |_| {
        let order = form.finish_order()?;
        Some(Hand { order, fouls: form.fouls.get(), tribute: tribute.get().0, forfeit: None })
    });
    // The candidate entry replayed in place: the live preview (also for an edit of hand k).
    let candidate = Memo::new(move |_| {
        let mut x = Match::clone(&*m.get()?);
        let hand = hand.get()?;
        let target = form.editing.get();
        let op = match target.clone() {
            Some(target) => Op::Correct { target, hand: HandInput::Guandan(hand) },
            None => Op::Hand { hand: HandInput::Guandan(hand) },
        };
        let target = target.unwrap_or_else(|| "preview".to_string());
        x.entries.push(Entry { after: None, id: "preview".into(), at_ms: now_ms(), op });
        let pv = view_of(&x)?;
        let row = pv.row(&target).map(|(_, r)| r.clone());
        let later =
            pv.first_error().filter(|(id, _)| *id != target).and_then(|(id, _)| pv.row(&id).map(|(_, r)| r.clone()));
        Some((row, later))
    });
    let locked = move || v.get().locked;
    let done = move || v.get().current().done();

    // What an untouched form would record (nothing while the order is incomplete).
    let question = move || {
        candidate.with_untracked(|c| match c {
            Some((Some(r), None)) if hand.with_untracked(Option::is_some) => match &r.result {
                Ok(o) if o.tribute_errors.is_empty() => Some(verdict(&r.hand, o, &teams.get_untracked())),
                _ => None,
            },
            _ => None,
        })
    };
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let do_commit = move |ev: leptos::ev::MouseEvent| {
        form.intent.commit(crate::ui::widgets::event_time(&ev), question, move || {
            if edit_gone() {
                return false;
            }
            let Some(x) = m.get_untracked() else { return false };
            let tm = teams.get_untracked();
            if form.finish_order().is_none() {
                form.error.set(Some(t("gd.err.tap_all").to_string()));
                return false;
            }
            let (_, missing, errors, _) = tribute.get_untracked();
            if let Some(msg) = missing.first() {
                form.error.set(Some(msg.clone()));
                return false;
            }
            if let Some(e) = errors.first() {
                form.error.set(Some(format!("{}: {}", t("gd.trib.title"), tribute_error_text(e))));
                return false;
            }
            let Some((row, later)) = candidate.get_untracked() else { return false };
            match row.as_ref().map(|r| &r.result) {
                Some(Ok(o)) if !o.tribute_errors.is_empty() => {
                    form.error.set(Some(format!(
                        "{}: {}",
                        t("gd.trib.title"),
                        tribute_error_text(&o.tribute_errors[0])
                    )));
                    return false;
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    form.error.set(Some(row_error_text(e, &tm)));
                    return false;
                }
                None => return false,
            }
            if let Some(r) = later {
                let why = r.result.as_ref().err().map(|e| row_error_text(e, &tm)).unwrap_or_default();
                form.error.set(Some(format!("{} (#{}): {why}", t("entry.breaks_later"), r.number)));
                return false;
            }
            let Some(h) = hand.get_untracked() else { return false };
            let op = match form.editing.get_untracked() {
                Some(target) => Op::Correct { target, hand: HandInput::Guandan(h) },
                None => Op::Hand { hand: HandInput::Guandan(h) },
            };
            match commit(&x, op) {
                Ok(()) => {
                    form.reset();
                    vibrate(30);
                    true
                }
                Err(e) => {
                    form.error.set(Some(e));
                    false
                }
            }
        })
    };
    let simple = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };

    view! {
        <section class="page match gd">
            <h1 class="match-title">
                {move || {
                    m.with(|x| {
                        x.as_ref()
                            .map(|x| if x.title.is_empty() { x.id.clone() } else { x.title.clone() })
                            .unwrap_or_default()
                    })
                }}
            </h1>
            <p class="muted">
                {move || {
                    let _ = lang.get();
                    let p = preset.get();
                    format!("{} · {}", preset_label(&p), p.source)
                }}
            </p>
            <Scoreboard v=v preset=preset teams=teams players=players now=now />
            <ClockBar m=m v=v preset=preset teams=teams now=now />
            <Show when=move || locked()>
                <div class="banner info" id="gd-locked">
                    {tx("end.locked")}
                </div>
            </Show>
            <Show when=move || done() && form.editing.get().is_none()>
                <RoundEnd m=m v=v preset=preset teams=teams />
            </Show>
            <Show when=move || !locked() && (!done() || form.editing.get().is_some())>
                <NextInfo v=v preset=preset teams=teams />
                <HandEntry form=form players=players />
                <div class="preview" id="gd-preview" aria-live="polite">
                    {move || {
                        let p = preset.get();
                        let tm = teams.get();
                        let _ = lang.get();
                        match candidate.get() {
                            Some((Some(row), later)) => {
                                match &row.result {
                                    Ok(o) => {
                                        view! {
                                            <p class="verdict" id="gd-verdict">
                                                {verdict(&row.hand, o, &tm)}
                                            </p>
                                            <ul class="explain">
                                                {explain(&p, Some(&row), &row.hand, o, &tm)
                                                    .into_iter()
                                                    .map(|s| view! { <li>{s}</li> })
                                                    .collect_view()}
                                            </ul>
                                            {later
                                                .map(|r| {
                                                    view! {
                                                        <p class="field-error">
                                                            {t("entry.breaks_later")}" (#"{r.number}")"
                                                        </p>
                                                    }
                                                })}
                                        }
                                            .into_any()
                                    }
                                    Err(e) => {
                                        view! {
                                            <p class="field-error" id="gd-verdict-error">
                                                {row_error_text(e, &tm)}
                                            </p>
                                        }
                                            .into_any()
                                    }
                                }
                            }
                            _ => {
                                view! {
                                    <p class="muted">
                                        {move || {
                                            let n = form.order.get().len();
                                            if n == 0 {
                                                t("gd.entry.hint").to_string()
                                            } else {
                                                format!("{} {}", t("gd.entry.next_place"), place(n as u8 + 1))
                                            }
                                        }}
                                    </p>
                                }
                                    .into_any()
                            }
                        }
                    }}
                </div>
                {move || {
                    form.error
                        .get()
                        .map(|e| {
                            view! {
                                <div class="banner error" role="alert" id="gd-commit-error">
                                    {e}
                                </div>
                            }
                        })
                }}
                <div class="actions sticky">
                    <button class="btn primary big" id="gd-commit" on:click=do_commit on:keydown=no_key_repeat>
                        {move || if form.editing.get().is_some() { t("entry.save_edit") } else { t("entry.commit") }}
                    </button>
                    <Show when=move || form.editing.get().is_some() || !form.order.get().is_empty()>
                        <button class="btn" id="gd-cancel" on:click=move |_| form.reset()>
                            {tx("common.cancel")}
                        </button>
                    </Show>
                </div>
                <div
                    class="entry gd-extras"
                    id="gd-extras"
                    on:click=form.intent.watch()
                    on:input=form.intent.watch()
                    on:change=form.intent.watch()
                >
                    <Show when=move || entry_ctx.get().due.is_some() || form.tmode.get() != TMode::Off>
                        <TributeEditor
                            form=form
                            preset=preset
                            entry_ctx=entry_ctx.into()
                            tribute=Signal::derive(move || tribute.get())
                        />
                    </Show>
                    <FoulEditor form=form preset=preset />
                </div>
                <Show when=move || form.editing.get().is_none()>
                    <ForfeitBox m=m preset=preset teams=teams />
                </Show>
            </Show>
            <MatchActions m=m locked=Signal::derive(locked) undo="gd-undo" export="gd-export" share=true />
            <crate::ui::ruling::RulingPanel m=m teams=teams locked=Signal::derive(locked) />
            <h2>{tx("chart.title")}</h2>
            <LevelChart series=Signal::derive(move || v.get().current().level_series()) names=teams />
            <History
                v=v
                preset=preset
                teams=teams
                form=form
                locked=Signal::derive(locked)
                on_void=move |id: String| simple(Op::Void {
                    target: id,
                    reason: "delete".into(),
                })
            />
            <ResultSheet m=m v=v preset=preset teams=teams players=players />
            <crate::ui::widgets::EntryLog m=m />
        </section>
    }
}

#[component]
fn Scoreboard(
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    players: Signal<BTreeMap<Seat, String>>,
    now: Signal<f64>,
) -> impl IntoView {
    view! {
        <div class="scoreboard gd-scoreboard" id="gd-scoreboard">
            {move || {
                let view = v.get();
                let p = preset.get();
                let r = view.current().clone();
                let tm = teams.get();
                let pl = players.get();
                let levels_move = p.upgrade.is_some();
                Team::BOTH
                    .into_iter()
                    .map(|team| {
                        let playing = r.state.declarer == Some(team) && !r.done() && p.fixed_level.is_none();
                        let seats = match team {
                            Team::A => [Seat::N, Seat::S],
                            Team::B => [Seat::E, Seat::W],
                        };
                        let names = seats
                            .iter()
                            .map(|s| format!("{}{}", seat(*s), pl.get(s).map(|n| format!(" {n}")).unwrap_or_default()))
                            .collect::<Vec<_>>()
                            .join(" · ");
                        let level = r.state.levels[team];
                        let failures = r.state.a_failures[team];
                        let at_a = levels_move && level == Rank::ACE && r.winner.is_none();
                        view! {
                            <div class=format!(
                                "team {}{}",
                                if team == Team::A { "team-a" } else { "team-b" },
                                if playing { " declarer" } else { "" },
                            )>
                                <div class="team-name">
                                    {team_label(&tm, team)}
                                    {playing.then(|| view! { <span class="badge">{t("gd.sb.playing")}</span> })}
                                    {(r.winner == Some(team))
                                        .then(|| view! { <span class="badge gd-win">{t("gd.wins")}</span> })}
                                </div>
                                <div class="level" id=format!("gd-level-{team:?}")>
                                    {if levels_move || p.fixed_level.is_none() {
                                        level.name().to_string()
                                    } else {
                                        view.points_total.map(|x| x[team].to_string()).unwrap_or_default()
                                    }}
                                    {at_a
                                        .then(|| {
                                            view! {
                                                <sup class="gd-a-count" id=format!("gd-a-count-{team:?}")>
                                                    {a_attempt_no(failures)}
                                                </sup>
                                            }
                                        })}
                                </div>
                                {at_a
                                    .then(|| {
                                        view! {
                                            <div class="gd-a-line">
                                                {format!(
                                                    "{} {} · {} {failures} · {}",
                                                    t("gd.a.attempt"),
                                                    failures + 1,
                                                    t("gd.a.failures"),
                                                    a_rule_text(&p),
                                                )}
                                            </div>
                                        }
                                    })}
                                <div class="players muted">{names}</div>
                                <div class="series muted">
                                    {view
                                        .points_total
                                        .map(|x| {
                                            format!(
                                                "{} {} · {} {}",
                                                t("gd.sb.points"),
                                                x[team],
                                                t("gd.finish.double"),
                                                view.double_wins[team],
                                            )
                                        })}
                                    {view.round_score_total.map(|x| format!("{} {}", t("gd.sb.round_score"), x[team]))}
                                    {(view.rounds.len() > 1 || p.format.best_of.is_some())
                                        .then(|| format!(" · {} {}", t("sb.games_won"), view.rounds_won[team]))}
                                </div>
                            </div>
                        }
                    })
                    .collect_view()
            }}
            <div class="meta muted" id="gd-meta">
                {move || {
                    let view = v.get();
                    let p = preset.get();
                    let r = view.current();
                    let shown = if r.done() { r.hands.max(1) } else { r.hands + 1 };
                    let hand_no = match r.hands_per_round {
                        Some(n) => format!("{} {}/{n}", t("sb.hand"), shown.min(n)),
                        None => format!("{} {shown}", t("sb.hand")),
                    };
                    format!(
                        "{}{} · {} {} · {} {}",
                        if view.rounds.len() > 1 || p.format.best_of.is_some() || p.format.rounds.is_some() {
                            format!("{} {} · ", t("gd.round"), view.rounds.len())
                        } else {
                            String::new()
                        },
                        hand_no,
                        t("gd.plays"),
                        r.next_level(&p).map(|l| l.name()).unwrap_or("—"),
                        t("sb.elapsed"),
                        fmt_duration(r.clock.elapsed_ms(now.get())),
                    )
                }}
            </div>
        </div>
    }
}

#[component]
fn ClockBar(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    now: Signal<f64>,
) -> impl IntoView {
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    // Per-play countdown: (limit seconds, started at ms), counted on the monotonic clock and
    // kept for a reload or a way back (crate::ui::clock).
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    let countdown: RwSignal<Option<(u32, f64)>> =
        crate::ui::clock::countdown_signal(&mid, |w| w.parse().ok(), |l: &u32| l.to_string());
    let cd_scope = StoredValue::new(crate::ui::clock::countdown_scope(&mid));
    let buzzed = RwSignal::new(false);
    let overrun_seat = RwSignal::new(Seat::N);
    let remaining = move || {
        now.track();
        countdown.get().map(|(l, s)| l as f64 - cd_scope.with_value(|c| crate::ui::clock::since(c, s)) / 1000.0)
    };
    Effect::new(move |_| {
        if remaining().is_some_and(|r| r < 0.0) && !buzzed.get_untracked() {
            buzzed.set(true);
            vibrate(400);
        }
    });
    let elapsed_now = move || Some(v.with_untracked(|v| v.current().clock.elapsed_ms(now.get_untracked())));
    // What a verdict rests on, shown on its button.
    let rests_on = move || crate::ui::clock::rests_on(v.with(|v| v.current().clock.elapsed_ms(now.get())));
    let time_up = move || {
        let view = v.get();
        let r = view.current();
        preset
            .get()
            .format
            .round_minutes
            .is_some_and(|mins| !r.done() && r.clock.elapsed_ms(now.get()) >= mins as f64 * 60_000.0)
    };
    let time_buzzed = RwSignal::new(false);
    Effect::new(move |_| {
        if time_up() && !time_buzzed.get_untracked() {
            time_buzzed.set(true);
            vibrate(800);
        }
    });
    // The team ahead when time runs out: round scores, else points, else levels.
    let leader = move || -> Option<Team> {
        let view = v.get();
        let r = view.current();
        let by = r
            .state
            .round_scores
            .or(r.state.points)
            .unwrap_or(PerTeam::new(r.state.levels.a.index() as u32, r.state.levels.b.index() as u32));
        match by.a.cmp(&by.b) {
            std::cmp::Ordering::Greater => Some(Team::A),
            std::cmp::Ordering::Less => Some(Team::B),
            std::cmp::Ordering::Equal => None,
        }
    };
    view! {
        <div class="clockbar gd-clockbar">
            {move || {
                let view = v.get();
                let r = view.current();
                let running = r.clock.running_since.is_some();
                let limit = preset.get().format.round_minutes;
                let done = r.done();
                view! {
                    <span class="clock" id="gd-clock">
                        {fmt_duration(r.clock.elapsed_ms(now.get()))}
                        {limit.map(|l| format!(" / {l}:00"))}
                    </span>
                    {if done {
                        view! { <span></span> }.into_any()
                    } else {
                        crate::ui::clock::clock_button(
                            "gd-",
                            r.clock.started,
                            running,
                            move |action| act(Op::Clock {
                                action,
                                elapsed_ms: elapsed_now(),
                            }),
                        )
                    }}
                }
            }} <Show when=time_up>
                <div class="banner warn" role="alert" id="gd-time-up">
                    <p>
                        <strong>{tx("clock.time_up")}</strong>
                        " "
                        {move || match preset.get().format.time_up {
                            Some(TimeUp::FinishHand) => t("gd.time.finish_hand"),
                            _ => t("gd.time.prev_stands"),
                        }}
                    </p>
                    <p class="muted">{tx("gd.time.enter_first")}</p>
                    {move || {
                        let tm = teams.get();
                        let rs = preset.get().round_scoring.is_some();
                        match leader() {
                            Some(w) => {
                                view! {
                                    <button
                                        class="btn primary"
                                        id="gd-time-verdict"
                                        on:click=move |_| act(Op::TimeVerdict {
                                            winner: w,
                                            elapsed_ms: elapsed_now(),
                                        })
                                    >
                                        {format!(
                                            "{}{}",
                                            t("gd.time.record"),
                                            if rs {
                                                String::new()
                                            } else {
                                                format!(": {} {}", team_label(&tm, w), t("gd.wins"))
                                            },
                                        )}
                                        {rests_on}
                                    </button>
                                }
                                    .into_any()
                            }
                            None => {
                                Team::BOTH
                                    .into_iter()
                                    .map(|w| {
                                        view! {
                                            <button
                                                class="btn"
                                                data-team=format!("{w:?}")
                                                on:click=move |_| act(Op::TimeVerdict {
                                                    winner: w,
                                                    elapsed_ms: elapsed_now(),
                                                })
                                            >
                                                {format!(
                                                    "{}: {} {}",
                                                    t("gd.time.record"),
                                                    team_label(&tm, w),
                                                    t("gd.time.tie_pick"),
                                                )}
                                                {rests_on}
                                            </button>
                                        }
                                    })
                                    .collect_view()
                                    .into_any()
                            }
                        }
                    }}
                </div>
            </Show> <crate::ui::clock::JumpNotice />
            <div class="timers">
                {move || {
                    if v.get().current().done() {
                        return None;
                    }
                    let tm = preset.get().timing;
                    Some(
                        [(tm.first_play_seconds, "gd.timer.first"), (tm.play_seconds, "gd.timer.play")]
                            .into_iter()
                            .filter_map(|(s, key)| s.map(|s| (s, key)))
                            .map(|(s, key)| {
                                view! {
                                    <button
                                        class="btn"
                                        data-timer=s.to_string()
                                        on:click=move |_| {
                                            countdown.set(Some((s, now_ms())));
                                            buzzed.set(false);
                                        }
                                    >
                                        {format!(
                                            "{} {s}s",
                                            match key {
                                                "gd.timer.first" => t("gd.timer.first"),
                                                _ => t("gd.timer.play"),
                                            },
                                        )}
                                    </button>
                                }
                            })
                            .collect_view(),
                    )
                }}
            </div>
            {move || {
                remaining()
                    .map(|r| {
                        let limit = countdown.get_untracked().map(|(l, _)| l).unwrap_or(0);
                        crate::ui::clock::countdown_box(
                            "gd-",
                            r,
                            limit,
                            overrun_seat,
                            move |seat, seconds| act(Op::Overrun {
                                seat,
                                action: TimedAction::Play,
                                seconds,
                            }),
                            move || countdown.set(None),
                        )
                    })
            }}
        </div>
    }
}

/// What the next hand is: level played, tribute due and who leads.
#[component]
fn NextInfo(
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    view! {
        <div class="gd-next" id="gd-next">
            {move || {
                let view = v.get();
                let p = preset.get();
                let r = view.current();
                let tm = teams.get();
                let level = r.next_level(&p);
                let whose = r
                    .state
                    .declarer
                    .filter(|_| p.fixed_level.is_none())
                    .map(|d| format!(" ({})", team_label(&tm, d)))
                    .unwrap_or_default();
                let due = r.next_tribute(&p);
                let at_a = crate::rules::guandan::next_attempt_at_a(&p, &r.state)
                    .map(|(d, attempt)| {
                        format!(
                            "{} A{} · {} {attempt} · {}",
                            team_label(&tm, d),
                            a_attempt_no(attempt - 1),
                            t("gd.a.attempt"),
                            a_rule_text(&p),
                        )
                    });
                view! {
                    <p>
                        <strong>
                            {format!(
                                "{} {}: {} {}{whose}",
                                t("sb.hand"),
                                r.hands + 1,
                                t("gd.plays"),
                                level.map(|l| l.name()).unwrap_or("—"),
                            )}
                        </strong>
                    </p>
                    {at_a
                        .map(|s| {
                            view! {
                                <p class="gd-a-line" id="gd-next-a">
                                    {s}
                                </p>
                            }
                        })}
                    <p id="gd-due">
                        {match &due {
                            Some(d) => due_text(d),
                            None => t("gd.trib.none_first").to_string(),
                        }}
                    </p>
                }
            }}
        </div>
    }
}

/// The four seats as they sit at the table (N top, play runs counter-clockwise N → W → S →
/// E); tapping them in finishing order fills 头游 … 末游.
#[component]
fn HandEntry(form: Form, players: Signal<BTreeMap<Seat, String>>) -> impl IntoView {
    let seat_btn = move |s: Seat| {
        view! {
            <button
                class=format!("btn gd-seat gd-seat-{s:?}")
                id=format!("gd-seat-{s:?}")
                data-seat=format!("{s:?}")
                class:selected=move || form.order.get().contains(&s)
                on:click=move |_| {
                    form.tap(s);
                    form.error.set(None);
                }
            >
                <span class="gd-seat-name">{move || format!("{} ({})", seat(s), side(s.team()))}</span>
                <span class="gd-seat-player muted">{move || players.get().get(&s).cloned().unwrap_or_default()}</span>
                <span class="gd-place">
                    {move || {
                        form.order
                            .get()
                            .iter()
                            .position(|x| *x == s)
                            .map(|i| place(i as u8 + 1).to_string())
                            .unwrap_or_default()
                    }}
                </span>
            </button>
        }
    };
    view! {
        <div
            class="entry gd-entry"
            id="gd-entry"
            on:click=form.intent.watch()
            on:input=form.intent.watch()
            on:change=form.intent.watch()
        >
            <h2>{move || if form.editing.get().is_some() { t("entry.editing") } else { t("gd.entry.title") }}</h2>
            <div class="gd-table" id="gd-table">
                <div class="gd-cell n">{seat_btn(Seat::N)}</div>
                <div class="gd-cell w">{seat_btn(Seat::W)}</div>
                <div class="gd-cell c">
                    <span class="gd-order" id="gd-order">
                        {move || {
                            let o = form.order.get();
                            if o.is_empty() {
                                "—".to_string()
                            } else {
                                o.iter().map(|s| seat(*s)).collect::<Vec<_>>().join(" › ")
                            }
                        }}
                    </span>
                    <button class="btn link" id="gd-clear-order" on:click=move |_| form.order.set(Vec::new())>
                        {tx("gd.entry.clear")}
                    </button>
                </div>
                <div class="gd-cell e">{seat_btn(Seat::E)}</div>
                <div class="gd-cell s">{seat_btn(Seat::S)}</div>
            </div>
        </div>
    }
}

/// The tribute as entered, checked: (the record, its problems in words, the typed errors,
/// the seats whose boxes are in error).
type TributeCheck = (Option<TributeRecord>, Vec<String>, Vec<TributeError>, Vec<Seat>);

const CARD_RANKS: [&str; 15] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "SJ", "BJ"];

#[component]
fn TributeEditor(
    form: Form,
    preset: Signal<GuandanPreset>,
    entry_ctx: Signal<EntryCtx>,
    tribute: Signal<TributeCheck>,
) -> impl IntoView {
    let payer_block = move |from: Seat, to: Seat, level: Rank, ret_max: Option<Rank>| {
        let pay = move || form.pay(from);
        view! {
            <div class="gd-pay" data-payer=format!("{from:?}")>
                <p class="gd-pay-head">
                    <strong>{move || format!("{} → {}", seat(from), seat(to))}</strong>
                </p>
                <span class="field-label">{tx("gd.trib.card")}</span>
                <div class="chips gd-ranks">
                    {CARD_RANKS
                        .iter()
                        .map(|code| {
                            let r = CardRank::parse(code).expect("card rank");
                            view! {
                                <button
                                    class="btn chip gd-rank"
                                    data-card-rank=*code
                                    class:selected=move || pay().card == Some(r)
                                    class:gd-level-card=move || r == CardRank::Plain(level)
                                    on:click=move |_| {
                                        form.set_pay(
                                            from,
                                            |p| {
                                                p.card = Some(r);
                                                if !matches!(r, CardRank::Plain(_)) {
                                                    p.suit = None;
                                                }
                                            },
                                        )
                                    }
                                >
                                    {move || rank_text(r)}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <Show when=move || matches!(pay().card, Some(CardRank::Plain(_)))>
                    <div class="chips gd-suits">
                        {[Suit::S, Suit::H, Suit::D, Suit::C]
                            .into_iter()
                            .map(|s| {
                                view! {
                                    <button
                                        class=format!("btn chip gd-suit suit-{s:?}")
                                        data-card-suit=format!("{s:?}")
                                        class:selected=move || pay().suit == Some(s)
                                        on:click=move |_| form.set_pay(from, |p| p.suit = Some(s))
                                    >
                                        {suit_symbol(s)}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                </Show>
                <label class="toggle">
                    <input
                        type="checkbox"
                        class="gd-confirm"
                        data-confirm=format!("{from:?}")
                        prop:checked=move || pay().confirmed
                        on:change=move |ev| {
                            let c = event_target_checked(&ev);
                            form.set_pay(from, |p| p.confirmed = c);
                        }
                    />
                    {move || format!("{} (♥{level} {})", t("gd.trib.confirm_highest"), t("gd.trib.excepted"))}
                </label>
                <span class="field-label">
                    {move || {
                        format!("{}{}", t("gd.trib.return"), ret_max.map(|m| format!(" (≤ {m})")).unwrap_or_default())
                    }}
                </span>
                <div class="chips gd-ranks">
                    {Rank::all()
                        .map(|r| {
                            let cr = CardRank::Plain(r);
                            let over = ret_max.is_some_and(|m| r > m);
                            view! {
                                <button
                                    class="btn chip gd-rank"
                                    class:gd-over=over
                                    data-return-rank=r.name()
                                    class:selected=move || pay().ret == Some(cr)
                                    on:click=move |_| form.set_pay(from, |p| p.ret = Some(cr))
                                >
                                    {r.name()}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <div class="chips gd-suits">
                    {[Suit::S, Suit::H, Suit::D, Suit::C]
                        .into_iter()
                        .map(|s| {
                            view! {
                                <button
                                    class=format!("btn chip gd-suit suit-{s:?}")
                                    data-return-suit=format!("{s:?}")
                                    class:selected=move || pay().ret_suit == Some(s)
                                    on:click=move |_| {
                                        form.set_pay(
                                            from,
                                            |p| p.ret_suit = if p.ret_suit == Some(s) { None } else { Some(s) },
                                        )
                                    }
                                >
                                    {suit_symbol(s)}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </div>
        }
    };
    view! {
        <div class="gd-tribute" id="gd-tribute">
            <h3>{tx("gd.trib.title")}</h3>
            <p class="muted">{move || entry_ctx.get().due.map(|d| due_text(&d)).unwrap_or_default()}</p>
            <div class="chips">
                {[(TMode::Off, "off"), (TMode::Paid, "paid"), (TMode::Resisted, "resisted")]
                    .into_iter()
                    .map(|(mode, code)| {
                        view! {
                            <button
                                class="btn chip"
                                data-tribute=code
                                class:selected=move || form.tmode.get() == mode
                                on:click=move |_| form.tmode.set(mode)
                            >
                                {move || match mode {
                                    TMode::Off => t("gd.trib.not_recorded"),
                                    TMode::Paid => t("gd.trib.paid"),
                                    TMode::Resisted => t("gd.trib.resist"),
                                }}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {move || {
                let c = entry_ctx.get();
                let p = preset.get();
                let level = c.level.unwrap_or(Rank::TWO);
                match (form.tmode.get(), c.due) {
                    (TMode::Paid, Some(due)) => {
                        due.payers
                            .iter()
                            .zip(due.receivers_for(&[], level))
                            .map(|(from, to)| payer_block(*from, to, level, p.tribute.return_max))
                            .collect_view()
                            .into_any()
                    }
                    (TMode::Resisted, Some(due)) => {
                        view! {
                            <label class="toggle">
                                <input
                                    type="checkbox"
                                    id="gd-jokers"
                                    prop:checked=move || form.jokers.get()
                                    on:change=move |ev| form.jokers.set(event_target_checked(&ev))
                                />
                                {move || format!("{} ({})", t("gd.trib.jokers_confirm"), seats_text(&due.payers))}
                            </label>
                        }
                            .into_any()
                    }
                    _ => view! { <span></span> }.into_any(),
                }
            }}
            {move || {
                let (rec, missing, errors, leaders) = tribute.get();
                if form.tmode.get() == TMode::Off {
                    return view! { <span></span> }.into_any();
                }
                view! {
                    <div class="gd-trib-status" id="gd-trib-status">
                        {(leaders.len() > 1)
                            .then(|| {
                                view! {
                                    <span class="field-label">{t("gd.trib.who_leads")}</span>
                                    <div class="chips">
                                        {leaders
                                            .iter()
                                            .map(|s| {
                                                let s = *s;
                                                view! {
                                                    <button
                                                        class="btn chip"
                                                        data-lead=format!("{s:?}")
                                                        class:selected=move || form.leads.get() == Some(s)
                                                        on:click=move |_| form.leads.set(Some(s))
                                                    >
                                                        {seat(s)}
                                                    </button>
                                                }
                                            })
                                            .collect_view()}
                                    </div>
                                }
                            })}
                        {missing.iter().map(|m| view! { <p class="field-error">{m.clone()}</p> }).collect_view()}
                        {missing
                            .is_empty()
                            .then(|| {
                                errors
                                    .iter()
                                    .map(|e| view! { <p class="field-error gd-terr">{tribute_error_text(e)}</p> })
                                    .collect_view()
                            })}
                        {(missing.is_empty() && errors.is_empty())
                            .then(|| {
                                rec.and_then(|r| r.leads)
                                    .map(|l| {
                                        view! {
                                            <p class="gd-ok" id="gd-trib-ok">
                                                {format!("✔ {} · {} {}", t("gd.trib.valid"), seat(l), t("gd.leads"))}
                                            </p>
                                        }
                                    })
                            })}
                    </div>
                }
                    .into_any()
            }}
        </div>
    }
}

#[component]
fn FoulEditor(form: Form, preset: Signal<GuandanPreset>) -> impl IntoView {
    let add = move |kind: FoulKind| {
        let s = form.foul_seat.get_untracked();
        form.fouls.update(|f| f.push(Foul { team: s.team(), kind, seat: Some(s), note: None }));
    };
    view! {
        <div class="gd-fouls" id="gd-fouls">
            <h3>{tx("gd.fouls")}</h3>
            <p class="muted">
                {move || {
                    let p = preset.get();
                    format!(
                        "{}: {} · {}",
                        t("gd.foul.out_of_turn"),
                        if p.fouls.out_of_turn_levels > 0 {
                            format!(
                                "{} +{} ({})",
                                t("gd.ps.opponents"),
                                p.fouls.out_of_turn_levels,
                                t("gd.ps.own_not_lowered"),
                            )
                        } else {
                            t("gd.exp.no_level_effect").to_string()
                        },
                        p
                            .fouls
                            .warnings_per_foul
                            .map(|k| format!("{k} {} = 1 {}", t("gd.foul.warning"), t("gd.ps.foul_unit")))
                            .unwrap_or_else(|| t("gd.ps.warnings_none").to_string()),
                    )
                }}
            </p>
            <div class="chips">
                {SEATS
                    .into_iter()
                    .map(|s| {
                        view! {
                            <button
                                class="btn chip"
                                data-foul-seat=format!("{s:?}")
                                class:selected=move || form.foul_seat.get() == s
                                on:click=move |_| form.foul_seat.set(s)
                            >
                                {move || seat(s)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <div class="chips">
                {[
                    (FoulKind::OutOfTurn, "out_of_turn"),
                    (FoulKind::Warning, "warning"),
                    (FoulKind::ExposedCard, "exposed_card"),
                    (FoulKind::Other, "other"),
                ]
                    .into_iter()
                    .map(|(k, code)| {
                        view! {
                            <button class="btn chip" data-foul-kind=code on:click=move |_| add(k)>
                                {move || format!("+ {}", foul_kind_name(k))}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <ul class="gd-foul-list">
                {move || {
                    form.fouls
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, f)| {
                            view! {
                                <li class="penalty">
                                    <span>
                                        {format!(
                                            "{} ({}) · {}",
                                            f.seat.map(seat).unwrap_or("—"),
                                            side(f.team),
                                            foul_kind_name(f.kind),
                                        )}
                                    </span>
                                    <button
                                        class="btn danger"
                                        on:click=move |_| {
                                            form.fouls
                                                .update(|x| {
                                                    if i < x.len() {
                                                        x.remove(i);
                                                    }
                                                })
                                        }
                                    >
                                        "✕"
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </div>
    }
}

/// Forfeit / late arrival: the other team wins the game or round (per-deal presets: the
/// forfeit score).
#[component]
fn ForfeitBox(
    m: Memo<Option<Arc<Match>>>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    let team = RwSignal::new(Team::B);
    let reason = RwSignal::new(ForfeitReason::Late);
    let minutes = RwSignal::new(10u32);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let record = move |_| {
        let Some(x) = m.get_untracked() else { return };
        let tm = team.get_untracked();
        let r = reason.get_untracked();
        let f =
            Forfeit { team: tm, reason: r, minutes_late: (r == ForfeitReason::Late).then(|| minutes.get_untracked()) };
        let order = match tm {
            Team::B => [Seat::N, Seat::S, Seat::E, Seat::W],
            Team::A => [Seat::E, Seat::W, Seat::N, Seat::S],
        };
        let Ok(order) = FinishOrder::new(order) else { return };
        let msg = format!("{}: {} {}?", t("gd.ff.title"), team_label(&teams.get_untracked(), tm), t("gd.forfeits"));
        if !window().confirm_with_message(&msg).unwrap_or(false) {
            return;
        }
        let hand = Hand { order, fouls: Vec::new(), tribute: None, forfeit: Some(f) };
        match commit(&x, Op::Hand { hand: HandInput::Guandan(hand) }) {
            Ok(()) => error.set(None),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <details class="gd-forfeit" id="gd-forfeit">
            <summary>{tx("gd.ff.title")}</summary>
            <div class="chips">
                {Team::BOTH
                    .into_iter()
                    .map(|tm| {
                        view! {
                            <button
                                class="btn chip"
                                data-forfeit-team=format!("{tm:?}")
                                class:selected=move || team.get() == tm
                                on:click=move |_| team.set(tm)
                            >
                                {move || team_label(&teams.get(), tm)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <div class="chips">
                {[ForfeitReason::Late, ForfeitReason::Absent, ForfeitReason::Withdrew, ForfeitReason::Other]
                    .into_iter()
                    .map(|r| {
                        view! {
                            <button
                                class="btn chip"
                                data-forfeit-reason=format!("{r:?}")
                                class:selected=move || reason.get() == r
                                on:click=move |_| reason.set(r)
                            >
                                {move || forfeit_reason_name(r)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <Show when=move || reason.get() == ForfeitReason::Late>
                <div class="row">
                    <button class="btn step" on:click=move |_| minutes.update(|x| *x = x.saturating_sub(5))>
                        "−5"
                    </button>
                    <button class="btn step" on:click=move |_| minutes.update(|x| *x = x.saturating_sub(1))>
                        "−1"
                    </button>
                    <span class="gd-minutes" id="gd-ff-minutes">
                        {move || format!("{} {}", minutes.get(), t("gd.min"))}
                    </span>
                    <button class="btn step" on:click=move |_| minutes.update(|x| *x = (*x + 1).min(600))>
                        "+1"
                    </button>
                    <button class="btn step" on:click=move |_| minutes.update(|x| *x = (*x + 5).min(600))>
                        "+5"
                    </button>
                </div>
            </Show>
            <p class="muted">
                {move || {
                    let p = preset.get();
                    let mut s = format!(
                        "{} → {} {}",
                        team_label(&teams.get(), team.get()),
                        team_label(&teams.get(), team.get().other()),
                        t("gd.wins"),
                    );
                    if let (Some(_), Some([a, b])) = (p.deal_points, p.format.forfeit_score) {
                        s.push_str(&format!(" ({a}:{b})"));
                    }
                    if let Some(n) = p.format.late_forfeit_minutes {
                        s.push_str(&format!(" · {} ≥ {n} {}", t("gd.ff.late"), t("gd.min")));
                    }
                    if p.round_scoring.is_some() {
                        s.push_str(&format!(" · {}", t("gd.ff.round_reading")));
                    }
                    s
                }}
            </p>
            {move || {
                let p = preset.get();
                let short = reason.get() == ForfeitReason::Late
                    && p.format.late_forfeit_minutes.is_some_and(|n| minutes.get() < n);
                short.then(|| view! { <p class="field-error">{t("gd.ff.too_early")}</p> })
            }}
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="field-error" role="alert">
                                {e}
                            </p>
                        }
                    })
            }}
            <button class="btn danger" id="gd-ff-commit" on:click=record>
                {tx("gd.ff.record")}
            </button>
        </details>
    }
}

/// The round / game is over: who won, scores, and the next round if the format has one.
#[component]
fn RoundEnd(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    let next = move |_| {
        let Some(x) = m.get_untracked() else { return };
        let start = crate::rules::shengji::Start {
            levels: Team::BOTH.iter().map(|t| (*t, Rank::TWO)).collect(),
            declarer: Some(Team::A),
            dealer: None,
        };
        if let Err(e) = commit(&x, Op::NextGame { start }) {
            io::alert(&e);
        }
    };
    view! {
        {move || {
            let view = v.get();
            let p = preset.get();
            let r: Round = view.current().clone();
            let tm = teams.get();
            let head = if let Some(f) = r.forfeit {
                format!(
                    "{} {} → {} {}",
                    team_label(&tm, f),
                    t("gd.forfeits"),
                    team_label(&tm, f.other()),
                    t("gd.wins"),
                )
            } else if let Some(w) = r.winner {
                if r.time_verdict.is_some() {
                    format!("{} {} ({})", team_label(&tm, w), t("gd.wins"), t("end.by_time"))
                } else {
                    format!("{} {}", team_label(&tm, w), t("gd.passes_a"))
                }
            } else if r.time_verdict.is_some() {
                format!("{} · {}", t("gd.round_end.time"), t("gd.time.prev_stands"))
            } else {
                format!("{} ({} {})", t("gd.round_end.complete"), r.hands, t("home.hands"))
            };
            let scores = r
                .state
                .round_scores
                .map(|s| {
                    format!(
                        "{}: {} {} : {} {}",
                        t("gd.sb.round_score"),
                        team_label(&tm, Team::A),
                        s.a,
                        s.b,
                        team_label(&tm, Team::B),
                    )
                })
                .or(
                    r
                        .state
                        .points
                        .map(|s| {
                            format!(
                                "{}: {} {} : {} {}",
                                t("gd.sb.points"),
                                team_label(&tm, Team::A),
                                s.a,
                                s.b,
                                team_label(&tm, Team::B),
                            )
                        }),
                );
            let _ = &p;
            view! {
                <div class="banner ok" id="gd-round-end">
                    <p class="big" id="gd-winner">
                        {head}
                    </p>
                    {scores.map(|s| view! { <p>{s}</p> })}
                    {view
                        .finished
                        .then(|| {
                            view! {
                                <p id="gd-match-winner">
                                    <strong>
                                        {format!(
                                            "{}: {}",
                                            t("gd.match_over"),
                                            view
                                                .match_winner
                                                .map(|w| format!("{} {}", team_label(&tm, w), t("gd.wins")))
                                                .unwrap_or_else(|| t("gd.tie").to_string()),
                                        )}
                                    </strong>
                                </p>
                            }
                        })}
                    {(view.can_start_next_round() && !view.locked)
                        .then(|| {
                            view! {
                                <button class="btn primary" id="gd-next-round" on:click=next>
                                    {t("gd.next_round")}
                                </button>
                            }
                        })}
                </div>
            }
        }}
    }
}

#[component]
fn History(
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    form: Form,
    locked: Signal<bool>,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <h2>{tx("hist.title")}</h2>
        <ol class="history" id="gd-history" reversed>
            {move || {
                let view = v.get();
                let p = preset.get();
                let tm = teams.get();
                let multi = view.rounds.len() > 1;
                view.rounds
                    .iter()
                    .enumerate()
                    .rev()
                    .flat_map(|(ri, r)| r.rows.iter().rev().map(move |x| (ri, x.clone())))
                    .map(|(ri, r)| {
                        let id = r.entry_id.clone();
                        let (line, details, levels, warn) = match &r.result {
                            Ok(o) => {
                                (
                                    verdict(&r.hand, o, &tm),
                                    explain(&p, Some(&r), &r.hand, o, &tm),
                                    if p.upgrade.is_some() {
                                        format!("{} : {}", o.levels_after.a, o.levels_after.b)
                                    } else {
                                        String::new()
                                    },
                                    !o.tribute_errors.is_empty(),
                                )
                            }
                            Err(e) => (format!("⚠ {}", row_error_text(e, &tm)), vec![], String::new(), true),
                        };
                        let hand = r.hand.clone();
                        let id_edit = id.clone();
                        let id_del = id.clone();
                        view! {
                            <li class="hand-row" class:gd-warn=warn data-entry=id.clone()>
                                <details>
                                    <summary>
                                        <span class="num">
                                            {if multi {
                                                format!("{}-{}", ri + 1, r.number)
                                            } else {
                                                format!("#{}", r.number)
                                            }}
                                        </span>
                                        <span class="line">{line}</span>
                                        <span class="levels">{levels}</span>
                                        {(!r.corrected_ms.is_empty())
                                            .then(|| view! { <span class="badge">{t("hist.corrected")}</span> })}
                                        {r
                                            .late
                                            .then(|| view! { <span class="badge gd-late">{t("gd.late_badge")}</span> })}
                                    </summary>
                                    <ul class="explain">
                                        {details.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
                                    </ul>
                                    <p class="muted">
                                        {fmt_time(r.at_ms)}
                                        {r
                                            .corrected_ms
                                            .iter()
                                            .map(|c| format!(" · {} {}", t("hist.corrected"), fmt_time(*c)))
                                            .collect::<String>()}
                                    </p>
                                    <Show when=move || {
                                        !locked.get()
                                    }>
                                        {
                                            let (hand, id, id_del) = (hand.clone(), id_edit.clone(), id_del.clone());
                                            let edit: Option<Box<dyn Fn()>> = hand
                                                .forfeit
                                                .is_none()
                                                .then(|| {
                                                    Box::new(move || form.load(&hand, id.clone())) as Box<dyn Fn()>
                                                });
                                            crate::ui::parts::row_actions(
                                                edit,
                                                Some("gd-entry"),
                                                "hist.confirm_delete",
                                                move || on_void(id_del.clone()),
                                            )
                                        }
                                    </Show>
                                </details>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
}

#[component]
fn ResultSheet(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    players: Signal<BTreeMap<Seat, String>>,
) -> impl IntoView {
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    view! {
        <details class="result-sheet" id="gd-sheet">
            <summary>{tx("sheet.title")}</summary>
            {move || {
                let view = v.get();
                let p = preset.get();
                let tm = teams.get();
                let pl = players.get();
                let fouls = |team: Team| {
                    view.rounds
                        .iter()
                        .flat_map(|r| &r.rows)
                        .filter(|r| r.result.is_ok())
                        .flat_map(|r| &r.hand.fouls)
                        .filter(|f| f.team == team)
                        .count()
                };
                view! {
                    <table class="sheet">
                        <tr>
                            <th></th>
                            {Team::BOTH
                                .into_iter()
                                .map(|team| view! { <th>{team_label(&tm, team)}</th> })
                                .collect_view()}
                        </tr>
                        <tr>
                            <td>{t("sheet.players")}</td>
                            {Team::BOTH
                                .into_iter()
                                .map(|team| {
                                    let seats = match team {
                                        Team::A => [Seat::N, Seat::S],
                                        Team::B => [Seat::E, Seat::W],
                                    };
                                    view! {
                                        <td>
                                            {seats
                                                .iter()
                                                .map(|s| {
                                                    format!("{} {}", seat(*s), pl.get(s).cloned().unwrap_or_default())
                                                })
                                                .collect::<Vec<_>>()
                                                .join(", ")}
                                        </td>
                                    }
                                })
                                .collect_view()}
                        </tr>
                        {view
                            .rounds
                            .iter()
                            .enumerate()
                            .map(|(i, r)| {
                                view! {
                                    <tr>
                                        <td>
                                            {format!("{} {} ({} {})", t("gd.round"), i + 1, r.hands, t("home.hands"))}
                                        </td>
                                        {Team::BOTH
                                            .into_iter()
                                            .map(|team| {
                                                let mut cell = Vec::new();
                                                if p.upgrade.is_some() {
                                                    cell.push(r.state.levels[team].name().to_string());
                                                }
                                                if let Some(x) = r.state.points {
                                                    cell.push(format!("{} {}", x[team], t("gd.pts")));
                                                }
                                                if let Some(x) = r.state.round_scores {
                                                    cell.push(format!("{} {}", t("gd.sb.round_score"), x[team]));
                                                }
                                                if r.winner == Some(team) {
                                                    cell.push("✔".into());
                                                }
                                                if r.forfeit == Some(team) {
                                                    cell.push(t("gd.forfeits").to_string());
                                                }
                                                view! { <td>{cell.join(" · ")}</td> }
                                            })
                                            .collect_view()}
                                    </tr>
                                }
                            })
                            .collect_view()}
                        {view
                            .points_total
                            .map(|x| {
                                view! {
                                    <tr>
                                        <td>{t("gd.sb.points")}</td>
                                        <td>{x.a}</td>
                                        <td>{x.b}</td>
                                    </tr>
                                }
                            })}
                        {view
                            .points_total
                            .map(|_| {
                                view! {
                                    <tr>
                                        <td>{t("gd.sheet.double_wins")}</td>
                                        <td>{view.double_wins.a}</td>
                                        <td>{view.double_wins.b}</td>
                                    </tr>
                                }
                            })}
                        {view
                            .round_score_total
                            .map(|x| {
                                view! {
                                    <tr>
                                        <td>{t("gd.sb.round_score")}</td>
                                        <td>{x.a}</td>
                                        <td>{x.b}</td>
                                    </tr>
                                }
                            })}
                        <tr>
                            <td>{t("gd.fouls")}</td>
                            <td>{fouls(Team::A)}</td>
                            <td>{fouls(Team::B)}</td>
                        </tr>
                        <tr>
                            <td>{t("sheet.overruns")}</td>
                            {Team::BOTH
                                .into_iter()
                                .map(|team| {
                                    view! { <td>{view.overruns.iter().filter(|o| o.seat.team() == team).count()}</td> }
                                })
                                .collect_view()}
                        </tr>
                        {view
                            .finished
                            .then(|| {
                                view! {
                                    <tr>
                                        <td>{t("gd.match_over")}</td>
                                        <td colspan="2" id="gd-sheet-winner">
                                            {view
                                                .match_winner
                                                .map(|w| team_label(&tm, w))
                                                .unwrap_or_else(|| t("gd.tie").to_string())}
                                        </td>
                                    </tr>
                                }
                            })}
                    </table>
                    <ul class="muted">
                        {view
                            .overruns
                            .iter()
                            .map(|o| {
                                view! {
                                    <li>
                                        {format!(
                                            "{} {}-{} {} +{}s",
                                            seat(o.seat),
                                            o.game + 1,
                                            o.hand,
                                            t("gd.timer.play"),
                                            o.seconds,
                                        )}
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                    {
                        view! {
                            <crate::ui::widgets::SignOff
                                locked=view.locked
                                referee=referee
                                reason=reason
                                ids=["gd-referee-name", "gd-sign-off", "gd-reopen"]
                                act=act
                            />
                        }
                    }
                }
            }}
        </details>
    }
}
