//! 掼蛋 texts: seats, places, cards, fouls, tribute, a hand's verdict and explanation — built from the engine's structured fields with table strings.

use super::*;

// ---------------------------------------------------------------------------------------
// Text helpers (call inside reactive closures: they read the language)
// ---------------------------------------------------------------------------------------

pub(super) const SEATS: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

pub(super) fn seat(s: Seat) -> &'static str {
    crate::i18n::seat_name(ctx().lang.get(), s)
}

pub(super) fn seats_text(v: &[Seat]) -> String {
    let sep = if ctx().lang.get() == crate::i18n::Lang::En { ", " } else { "、" };
    v.iter().map(|s| seat(*s)).collect::<Vec<_>>().join(sep)
}

pub(super) fn side(tm: Team) -> &'static str {
    crate::i18n::team_side(ctx().lang.get(), tm)
}

/// A team's name for display, isolated ([`crate::bidi::isolated`]), or its side when empty.
pub(super) fn team_label(teams: &BTreeMap<Team, String>, tm: Team) -> String {
    teams
        .get(&tm)
        .filter(|n| !n.trim().is_empty())
        .map(|n| crate::bidi::isolated(n))
        .unwrap_or_else(|| side(tm).to_string())
}

pub(super) fn place(p: u8) -> &'static str {
    match p {
        1 => t("gd.place.1"),
        2 => t("gd.place.2"),
        3 => t("gd.place.3"),
        _ => t("gd.place.4"),
    }
}

pub(super) fn finish_name(f: Finish) -> &'static str {
    match f {
        Finish::Double => t("gd.finish.double"),
        Finish::OneThree => t("gd.finish.one_three"),
        Finish::OneFour => t("gd.finish.one_four"),
    }
}

pub(super) fn suit_symbol(s: Suit) -> &'static str {
    match s {
        Suit::S => "♠",
        Suit::H => "♥",
        Suit::D => "♦",
        Suit::C => "♣",
    }
}

pub(super) fn rank_text(r: CardRank) -> String {
    match r {
        CardRank::Plain(r) => r.name().to_string(),
        CardRank::SmallJoker => t("gd.card.sj").to_string(),
        CardRank::BigJoker => t("gd.card.bj").to_string(),
    }
}

pub(super) fn card_text(c: &Card) -> String {
    match c.rank {
        CardRank::Plain(r) => format!("{}{}", c.suit.map(suit_symbol).unwrap_or(""), r.name()),
        other => rank_text(other),
    }
}

pub(super) fn foul_kind_name(k: FoulKind) -> &'static str {
    match k {
        FoulKind::OutOfTurn => t("gd.foul.out_of_turn"),
        FoulKind::Warning => t("gd.foul.warning"),
        FoulKind::ExposedCard => t("gd.foul.exposed_card"),
        FoulKind::Other => t("gd.foul.other"),
    }
}

pub(super) fn forfeit_reason_name(r: ForfeitReason) -> &'static str {
    match r {
        ForfeitReason::Late => t("gd.ff.late"),
        ForfeitReason::Absent => t("gd.ff.absent"),
        ForfeitReason::Withdrew => t("gd.ff.withdrew"),
        ForfeitReason::Other => t("gd.ff.other"),
    }
}

pub(super) fn preset_label(p: &GuandanPreset) -> String {
    match p.id.as_str() {
        "guandan-3-2-1" => t("gd.preset.321").to_string(),
        "guandan-5-3-1" => t("gd.preset.531").to_string(),
        "jiankang-guandan" => t("gd.preset.jiankang").to_string(),
        "guandan-shift-3rounds" => t("gd.preset.shift").to_string(),
        _ => crate::ui::dt(&p.name),
    }
}

/// ` [004 第一篇 §五]` in the UI language ([`crate::i18n::cite`]), or nothing.
pub(super) fn cite(c: &str) -> String {
    if c.is_empty() || c == "—" {
        String::new()
    } else {
        format!(" [{}]", crate::i18n::cite(ctx().lang.get(), c))
    }
}

/// "A²" style: the attempt number at A (failures so far + 1).
pub(super) fn a_attempt_no(failures: u32) -> String {
    const SUP: [&str; 10] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
    (failures + 1).to_string().chars().map(|d| SUP[d.to_digit(10).unwrap_or(0) as usize]).collect()
}

pub(super) fn a_rule_text(p: &GuandanPreset) -> String {
    match p.a_rule.max_failures {
        Some(n) => format!("{} {n} {} {}", t("gd.a.limit_pre"), t("gd.a.limit_post"), p.a_rule.fall_back_to),
        None => t("gd.a.must_play").to_string(),
    }
}

pub(super) fn tie_text(tie: TieLead, next_of_first: Seat) -> String {
    match tie {
        TieLead::SmallerReturnThenNextOfFirst => format!("{} {}", t("gd.tie.smaller_return"), seat(next_of_first)),
        TieLead::NextOfFirst => format!("{} {}", t("gd.tie.next_of_first"), seat(next_of_first)),
        TieLead::PayersChoose => t("gd.tie.payers_choose").to_string(),
    }
}

/// The tribute due before a hand, who pays whom and who leads; a single tribute paid by
/// 头游's partner carries the preset's reading beside it
/// ([`crate::record::games::guandan::tribute_note`]).
pub(super) fn due_text(due: &TributeDue, p: &GuandanPreset) -> String {
    let main = match (due.kind, due.lead) {
        (TributeKind::Single, _) => {
            format!(
                "{}: {} → {} ({}) · {} {}",
                t("gd.trib.single"),
                seat(due.payers[0]),
                seat(due.receivers[0]),
                place(1),
                seat(due.payers[0]),
                t("gd.leads")
            ) + &crate::record::games::guandan::tribute_note(ctx().lang.get(), p, due)
                .map(|n| format!(" {n}"))
                .unwrap_or_default()
        }
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

pub(super) fn tribute_error_text(e: &TributeError) -> String {
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

pub(super) fn row_error_text(e: &RowError, teams: &BTreeMap<Team, String>) -> String {
    match e {
        RowError::GameOver { winner } => {
            format!("{} ({} {})", t("gd.rowerr.game_over"), team_label(teams, *winner), t("gd.wins"))
        }
        RowError::RoundComplete { hands } => format!("{} ({hands})", t("gd.rowerr.round_complete")),
        RowError::TimeUp => t("gd.rowerr.time_up").to_string(),
    }
}

pub(super) fn tribute_record_text(r: &TributeRecord) -> String {
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

/// What the referee entered for a hand, in one line for its history row: the tribute paid
/// before it (payer → receiver, card, return), the finishing order 头游 → 末游, and each foul
/// with its team by name, e.g. "进贡: 西 → 南 ♥A · 北、东、南、西 · 犯规 红队: 报牌".
pub(super) fn entered_text(hand: &Hand, teams: &BTreeMap<Team, String>) -> String {
    let mut parts = Vec::new();
    if let Some(r) = &hand.tribute {
        parts.push(tribute_record_text(r));
    }
    if hand.forfeit.is_none() {
        parts.push(seats_text(&hand.order.seats()));
    }
    for f in &hand.fouls {
        let who = f.seat.map(|s| format!("/{}", seat(s))).unwrap_or_default();
        parts.push(format!("{} {}{who}: {}", t("gd.fouls"), team_label(teams, f.team), foul_kind_name(f.kind)));
    }
    parts.join(" · ")
}

/// The one-line verdict of a hand.
pub(super) fn verdict(hand: &Hand, o: &HandOutcome, teams: &BTreeMap<Team, String>) -> String {
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
        Some(AAttempt::Passed { .. }) => {
            if let Some(won) = o.won_msg() {
                let names = Names { teams: Some(teams), players: &[] };
                s.push_str(&format!(" → {}", crate::i18n::say(ctx().lang.get(), &won, names)));
            }
        }
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
pub(super) fn explain(
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
            v.push(due_text(d, p));
        }
    }
    v
}
