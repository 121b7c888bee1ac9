//! 三打一 text: bid standings and bomb limits, violations, a hand's verdict line, formula
//! and details, the history's items.

use super::*;

/// A player's standing in the bidding (what decides the bomb limit, 001 §三).
pub(super) fn standing(bids: &[Option<Call>], landlord: usize, p: usize) -> BidStanding {
    if p == landlord {
        return BidStanding::Landlord;
    }
    match bids.get(p).copied().flatten() {
        None => BidStanding::NotReached,
        Some(Call::Pass) => BidStanding::Passed,
        Some(Call::Bid(v)) => BidStanding::Bid(v),
    }
}

pub(super) fn standing_text(l: Lang, s: BidStanding) -> String {
    match s {
        BidStanding::Landlord => tr(l, "sdy.st.landlord").to_string(),
        BidStanding::NotReached => tr(l, "sdy.st.not_reached").to_string(),
        BidStanding::Passed => tr(l, "sdy.st.passed").to_string(),
        BidStanding::Bid(v) => tr(l, "sdy.st.bid").replace("{v}", &v.to_string()),
    }
}

pub(super) fn limit_text(l: Lang, limit: Option<u32>) -> String {
    match limit {
        Some(k) => tr(l, "sdy.limit").replace("{n}", &k.to_string()),
        None => tr(l, "sdy.no_limit").to_string(),
    }
}

/// A violation, translated: `甲 打了 2 个炸弹，超过限制 1（Pass）`.
pub(super) fn violation_text(l: Lang, names: &[String], v: &Violation) -> String {
    tr(l, "sdy.violation_tpl")
        .replace("{name}", &name_of(names, v.player))
        .replace("{bombs}", &v.bombs.to_string())
        .replace("{limit}", &v.limit.to_string())
        .replace("{standing}", &standing_text(l, v.standing))
}

/// The verdict line of a 三打一 hand.
pub(super) fn sdy_line(l: Lang, names: &[String], h: &Hand) -> String {
    let Some(ll) = h.landlord else { return tr(l, "sdy.void_line").to_string() };
    let mut tags = Vec::new();
    for (on, key) in
        [(h.toulia, "sdy.toulia"), (h.tanda, "sdy.tanda"), (h.mingwang, "sdy.mingwang"), (h.huangfan, "sdy.huangfan")]
    {
        if on {
            tags.push(tr(l, key));
        }
    }
    format!(
        "{} {} {}{}{} · {}",
        name_of(names, ll),
        tr(l, "ddz.landlord"),
        h.bid,
        tr(l, "sdy.unit"),
        if tags.is_empty() { String::new() } else { format!(" [{}]", tags.join(" · ")) },
        if h.landlord_won { tr(l, "ddz.landlord_wins") } else { tr(l, "ddz.farmers_win") }
    )
}

/// The formula with the numbers filled in, from the structured result (001 §七).
pub(super) fn sdy_formula(l: Lang, p: &Preset, h: &Hand, r: &HandResult) -> String {
    let Some(ll) = h.landlord else { return tr(l, "sdy.void_rule").to_string() };
    let units = match (h.toulia, h.landlord_won) {
        (true, true) => format!("{} {}", tr(l, "sdy.f_toulia_win"), r.units),
        (true, false) => format!("{} {}", tr(l, "sdy.f_toulia_loss"), r.units),
        (false, _) => format!("{} {}", tr(l, "sdy.f_units"), r.units),
    };
    format!(
        "{} {}{} × {} {} × {units} = {}{}",
        tr(l, "ddz.f_mult"),
        r.multiplier,
        factors_text(l, &r.factors),
        tr(l, "ddz.f_stake"),
        p.stake,
        r.unit,
        payout_text(l, r.deltas[ll], if h.landlord_won { -r.unit } else { r.unit })
    )
}

pub(super) fn sdy_details(l: Lang, p: &Preset, names: &[String], r: &SdyRow) -> Vec<String> {
    let mut v = vec![format!(
        "{}: {}",
        tr(l, "ddz.calls"),
        calls_text(l, names, &r.hand.bids, r.hand.first_bidder, "sdy.unit")
    )];
    if let Some(f) = r.hand.first_bidder {
        v.push(format!("{}: {}", tr(l, "sdy.marker"), name_of(names, f)));
    }
    if let Some(k) = r.carried_from {
        v.push(tr(l, "sdy.carried").replace("{k}", &k.to_string()));
    }
    if let Some(ll) = r.hand.landlord {
        let b = (0..names.len())
            .map(|i| {
                let st = standing(&r.hand.bids, ll, i);
                format!("{} {} ({})", name_of(names, i), r.hand.bombs_of(i), limit_text(l, bomb_limit(p, st)))
            })
            .collect::<Vec<_>>()
            .join(" · ");
        v.push(format!("{}: {b}", tr(l, "ddz.bombs")));
    }
    match &r.result {
        Ok(res) => {
            v.push(sdy_formula(l, p, &r.hand, res));
            v.push(format!("{}: {}", tr(l, "ddz.running"), deltas_text(names, &r.running)));
        }
        Err(e) => v.push(err_text(l, names, e)),
    }
    v.push(format!("[{}]", tr(l, "sdy.rule_src")));
    v
}

pub(super) fn sdy_items(l: Lang, p: &Preset, names: &[String], v: &SandayiView) -> Vec<HistItem> {
    v.rows
        .iter()
        .map(|r| HistItem {
            entry_id: r.entry_id.clone(),
            label: row_label(l, &v.session, r.segment, r.number),
            line: sdy_line(l, names, &r.hand),
            entered: r
                .result
                .as_ref()
                .ok()
                .filter(|_| r.hand.landlord.is_some())
                .map(|x| multiplier_text(l, x.multiplier, &x.factors))
                .unwrap_or_default(),
            deltas: r.result.as_ref().map(|x| deltas_text(names, &x.deltas)).unwrap_or_else(|e| err_text(l, names, e)),
            details: sdy_details(l, p, names, r),
            warnings: r
                .result
                .as_ref()
                .map(|x| x.violations.iter().map(|vi| violation_text(l, names, vi)).collect())
                .unwrap_or_default(),
            at_ms: r.at_ms,
            corrected_ms: r.corrected_ms.clone(),
        })
        .collect()
}

/// Why no hand can be computed yet: the marker card holder not chosen, or the calls or the
/// result not complete.
pub(super) fn incomplete_key(b: BidState) -> &'static str {
    if b.asked.get() {
        "ddz.incomplete"
    } else {
        "sdy.first_unasked"
    }
}
