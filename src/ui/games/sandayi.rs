//! 欢乐三打一 pages (RULES.md §4): the marker-card holder and each player's call (an illegal
//! call is refused), 头撂 from the calls, 摊打 offered only after 头撂, 明王, 荒番 carried from a
//! void deal, bombs per player with the bid-dependent limit beside each and a violation
//! flagged on the spot, the live formula, history, the session and the result sheet. The
//! session parts are shared with 斗地主 ([`super::session`]).

use super::session::{
    bidding_done, bidding_pad, bids_from, calls_text, candidate_op, deltas_text, err_text, factors_text, high_bid,
    multiplier_text, name_of, payout_text, preset_line, refusal_text, row_label, scoreboard, session_bar, session_form,
    session_panels, session_summary, ticking_now, with_candidate, BidState, GamePreset, HistItem,
};
use crate::i18n::{tr, Lang};
use crate::record::game::GameId;
use crate::record::games::doudizhu::SessionView;
use crate::record::games::sandayi::{first_hand_entry, SandayiSetup, SandayiView, SdyRow};
use crate::record::replay::{replay, MatchView};
use crate::record::{HandInput, Match, Op, Setup};
use crate::rules::sandayi::{
    bomb_limit, builtin_presets, BidStanding, Call, Hand, HandResult, Preset, Reading, SessionRules, Violation,
};
use crate::ui::parts::{BarLine, CommitBar};
use crate::ui::widgets::{leave_edit_when_gone, FormIntent};
use crate::ui::{commit, ctx, io, t, tx};
use leptos::prelude::*;
use std::sync::Arc;

/// One line for the home list: table, hands, leader.
pub fn summary(m: &Match) -> String {
    let Setup::Sandayi(s) = &m.setup else { return String::new() };
    let MatchView::Sandayi(v) = replay(m) else { return String::new() };
    let mut line = session_summary(&v.session, &s.players, v.rows.len());
    if !v.violations.is_empty() {
        line.push_str(&format!(" · ⚠ {}", v.violations.len()));
    }
    line
}

fn sdy_setup(m: &Match) -> Option<&SandayiSetup> {
    match &m.setup {
        Setup::Sandayi(s) => Some(s),
        _ => None,
    }
}

/// A player's standing in the bidding (what decides the bomb limit, 001 §三).
fn standing(bids: &[Option<Call>], landlord: usize, p: usize) -> BidStanding {
    if p == landlord {
        return BidStanding::Landlord;
    }
    match bids.get(p).copied().flatten() {
        None => BidStanding::NotReached,
        Some(Call::Pass) => BidStanding::Passed,
        Some(Call::Bid(v)) => BidStanding::Bid(v),
    }
}

fn standing_text(l: Lang, s: BidStanding) -> String {
    match s {
        BidStanding::Landlord => tr(l, "sdy.st.landlord").to_string(),
        BidStanding::NotReached => tr(l, "sdy.st.not_reached").to_string(),
        BidStanding::Passed => tr(l, "sdy.st.passed").to_string(),
        BidStanding::Bid(v) => tr(l, "sdy.st.bid").replace("{v}", &v.to_string()),
    }
}

fn limit_text(l: Lang, limit: Option<u32>) -> String {
    match limit {
        Some(k) => tr(l, "sdy.limit").replace("{n}", &k.to_string()),
        None => tr(l, "sdy.no_limit").to_string(),
    }
}

/// A violation, translated: `甲 打了 2 个炸弹，超过限制 1（Pass）`.
fn violation_text(l: Lang, names: &[String], v: &Violation) -> String {
    tr(l, "sdy.violation_tpl")
        .replace("{name}", &name_of(names, v.player))
        .replace("{bombs}", &v.bombs.to_string())
        .replace("{limit}", &v.limit.to_string())
        .replace("{standing}", &standing_text(l, v.standing))
}

/// The verdict line of a 三打一 hand.
fn sdy_line(l: Lang, names: &[String], h: &Hand) -> String {
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
fn sdy_formula(l: Lang, p: &Preset, h: &Hand, r: &HandResult) -> String {
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

fn sdy_details(l: Lang, p: &Preset, names: &[String], r: &SdyRow) -> Vec<String> {
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

fn sdy_items(l: Lang, p: &Preset, names: &[String], v: &SandayiView) -> Vec<HistItem> {
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
fn incomplete_key(b: BidState) -> &'static str {
    if b.asked.get() {
        "ddz.incomplete"
    } else {
        "sdy.first_unasked"
    }
}

/// The 三打一 form as the referee left it (its draft, [`crate::ui::draft`]).
#[derive(serde::Serialize, serde::Deserialize)]
struct SdyDraft {
    first: usize,
    /// Whether `first` was chosen (a draft without it had it chosen once it holds calls).
    #[serde(default)]
    asked: Option<bool>,
    calls: Vec<Call>,
    won: Option<bool>,
    tanda: bool,
    mingwang: bool,
    huangfan: bool,
    bombs: Vec<u32>,
    editing: Option<String>,
}

/// The 三打一 hand being entered.
#[derive(Clone, Copy)]
struct SdyForm {
    bid: BidState,
    won: RwSignal<Option<bool>>,
    tanda: RwSignal<bool>,
    mingwang: RwSignal<bool>,
    /// 荒番 for the first deal of the log only (later deals carry it from the log).
    huangfan: RwSignal<bool>,
    bombs: RwSignal<Vec<u32>>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    intent: FormIntent,
}

impl SdyForm {
    fn new(n: usize) -> Self {
        SdyForm {
            bid: BidState::asking(),
            won: RwSignal::new(None),
            tanda: RwSignal::new(false),
            mingwang: RwSignal::new(false),
            huangfan: RwSignal::new(false),
            bombs: RwSignal::new(vec![0; n]),
            editing: RwSignal::new(None),
            error: RwSignal::new(None),
            intent: FormIntent::new(),
        }
    }

    /// The hand as entered, once complete. `carried`: the 荒番 the log carries to this deal
    /// (`None` for the first deal of the log: the toggle decides).
    fn hand(&self, p: &Preset, carried: Option<bool>) -> Option<Hand> {
        let n = p.players;
        let top = p.bid_values.last().copied().unwrap_or(3);
        let first = self.bid.chosen_first()?;
        let calls = self.bid.calls.get();
        let bids = bids_from(n, first, &calls, top)?;
        let huangfan = carried.unwrap_or_else(|| self.huangfan.get());
        match high_bid(n, first, &calls) {
            None => Some(Hand { bids, first_bidder: Some(first), huangfan, ..Hand::default() }),
            Some((l, v)) => {
                let won = self.won.get()?;
                let toulia = calls.first() == Some(&Call::Bid(p.toulia_bid));
                let bombs = self.bombs.get();
                Some(Hand {
                    landlord: Some(l),
                    bid: v,
                    bids,
                    first_bidder: Some(first),
                    huangfan,
                    tanda: self.tanda.get() && (toulia || !p.tanda_needs_toulia),
                    mingwang: self.mingwang.get(),
                    toulia,
                    landlord_won: won,
                    bombs: if bombs.iter().all(|&b| b == 0) { Vec::new() } else { bombs },
                })
            }
        }
    }

    fn load(&self, p: &Preset, h: &Hand, id: Option<String>) {
        let n = p.players;
        let first = h
            .first_bidder
            .or_else(|| crate::rules::sandayi::bidding_outcome(p, &h.bids, None).ok().map(|b| b.first_bidder))
            .unwrap_or(0);
        self.bid.load(&h.bids, first);
        self.won.set(h.landlord.map(|_| h.landlord_won));
        self.tanda.set(h.tanda);
        self.mingwang.set(h.mingwang);
        self.huangfan.set(h.huangfan);
        self.bombs.set((0..n).map(|i| h.bombs_of(i)).collect());
        self.editing.set(id);
        self.error.set(None);
        self.intent.fresh();
    }

    /// The form as it stands (tracked).
    fn draft(&self) -> SdyDraft {
        SdyDraft {
            first: self.bid.first.get(),
            asked: Some(self.bid.asked.get()),
            calls: self.bid.calls.get(),
            won: self.won.get(),
            tanda: self.tanda.get(),
            mingwang: self.mingwang.get(),
            huangfan: self.huangfan.get(),
            bombs: self.bombs.get(),
            editing: self.editing.get(),
        }
    }

    /// Puts a draft back; `n`: the players (a draft of another size keeps blank bombs).
    fn set_draft(&self, n: usize, d: SdyDraft) {
        self.bid.first.set(d.first % n.max(1));
        self.bid.asked.set(d.asked.unwrap_or(!d.calls.is_empty()));
        self.bid.calls.set(d.calls);
        self.bid.error.set(None);
        self.won.set(d.won);
        self.tanda.set(d.tanda);
        self.mingwang.set(d.mingwang);
        self.huangfan.set(d.huangfan);
        self.bombs.set(if d.bombs.len() == n { d.bombs } else { vec![0; n] });
        self.editing.set(d.editing);
        self.error.set(None);
    }

    fn reset(&self, n: usize, first: usize) {
        self.bid.reset(first);
        self.won.set(None);
        self.tanda.set(false);
        self.mingwang.set(false);
        self.huangfan.set(false);
        self.bombs.set(vec![0; n]);
        self.editing.set(None);
        self.error.set(None);
        self.intent.fresh();
    }
}

/// The 三打一 match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let lang = ctx().lang;
    let view_memo: Memo<Option<SandayiView>> = Memo::new(move |_| {
        m.with(|o| {
            o.as_deref().and_then(|x| match replay(x) {
                MatchView::Sandayi(v) => Some(v),
                _ => None,
            })
        })
    });
    let Some(first_view) = view_memo.get_untracked() else {
        return view! { <p class="empty">{tx("err.no_match")}</p> }.into_any();
    };
    let v = move || view_memo.get().expect("view present");
    let preset = Memo::new(move |_| {
        m.with(|o| o.as_deref().and_then(sdy_setup).map(|s| s.preset.clone()))
            .unwrap_or_else(|| builtin_presets()[0].clone())
    });
    let names =
        Memo::new(move |_| m.with(|o| o.as_deref().and_then(sdy_setup).map(|s| s.players.clone())).unwrap_or_default());
    let n = preset.get_untracked().players;
    let session: Signal<SessionView> = Signal::derive(move || v().session);
    let locked = Signal::derive(move || v().session.locked);
    let now = ticking_now(m, session);
    let form = SdyForm::new(n);
    form.reset(n, first_view.next_first_bidder());
    // The half-entered hand survives a reload, an update and back/forward.
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    crate::ui::draft::keep_draft(
        GameId::Sandayi.as_str(),
        &mid,
        form.intent,
        move || form.draft(),
        move |d| form.set_draft(n, d),
    );
    Effect::new(move |_| {
        let next = view_memo
            .with(|o| {
                o.as_ref().map(|v| (v.rows.len(), v.session.segments.len(), v.next_first_bidder())).unwrap_or((0, 1, 0))
            })
            .2;
        if form.editing.get_untracked().is_none()
            && form.bid.calls.with_untracked(Vec::is_empty)
            && !form.intent.changed_untracked()
        {
            form.bid.first.set(next);
        }
    });
    // The 荒番 the log carries to the deal being entered, and the number of the void deal it
    // comes from; `None` for the first hand ever logged (its 荒番 is entered by hand).
    let carried = Memo::new(move |_| -> Option<(bool, usize)> {
        let view = view_memo.get()?;
        let first_logged = m.with(|x| x.as_deref().and_then(|x| first_hand_entry(x).map(str::to_string)));
        let idx = match form.editing.get() {
            Some(id) if first_logged.as_deref() == Some(id.as_str()) => return None,
            Some(id) => view.rows.iter().position(|r| r.entry_id == id)?,
            None => {
                first_logged.as_ref()?;
                view.rows.len()
            }
        };
        Some(match idx.checked_sub(1).and_then(|i| view.rows.get(i)) {
            Some(prev) => (prev.hand.is_void(), prev.number),
            None => (false, 0),
        })
    });

    let candidate = Memo::new(move |_| -> Option<Result<SdyRow, crate::record::ImportError>> {
        let x = m.get()?;
        let p = preset.get();
        let hand = form.hand(&p, carried.get().map(|c| c.0))?;
        let (op, target) = candidate_op(form.editing.get(), HandInput::Sandayi(hand));
        let y = match with_candidate(&x, op) {
            Ok(y) => y,
            Err(e) => return Some(Err(e)),
        };
        let MatchView::Sandayi(pv) = replay(&y) else { return None };
        pv.rows.into_iter().find(|r| r.entry_id == target).map(|r| match r.result {
            Ok(_) => Ok(r),
            Err(e) => Err(crate::record::games::doudizhu::rule_err(e)),
        })
    });

    let next_first = move || view_memo.get_untracked().map(|v| v.next_first_bidder()).unwrap_or(0);
    // The edited hand deleted (here or in another tab): the form says so and starts a new
    // deal (the edit of an old deal is not the next deal's calls).
    let edit_gone = leave_edit_when_gone(m, form.editing, form.error, "entry.edit_gone", form.intent, move || {
        form.reset(n, next_first())
    });
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let question = move || match candidate.get_untracked() {
        Some(Ok(r)) => Some(sdy_line(lang.get_untracked(), &names.get_untracked(), &r.hand)),
        _ => None,
    };
    let do_commit = move |ev: leptos::ev::MouseEvent| {
        form.intent.commit(crate::ui::widgets::event_time(&ev), question, move || {
            if edit_gone() {
                return false;
            }
            let l = lang.get_untracked();
            let Some(x) = m.get_untracked() else { return false };
            let p = preset.get_untracked();
            let Some(hand) = form.hand(&p, carried.get_untracked().map(|c| c.0)) else {
                form.error.set(Some(tr(l, incomplete_key(form.bid)).to_string()));
                return false;
            };
            if let Some(Err(e)) = candidate.get_untracked() {
                form.error.set(Some(refusal_text(l, &names.get_untracked(), &e)));
                return false;
            }
            let (op, _) = candidate_op(form.editing.get_untracked(), HandInput::Sandayi(hand));
            match commit(&x, op) {
                Ok(()) => {
                    form.reset(n, next_first());
                    true
                }
                Err(e) => {
                    form.error.set(Some(e));
                    false
                }
            }
        })
    };
    let on_edit = move |id: String| {
        if let Some(r) = view_memo.get_untracked().and_then(|v| v.rows.into_iter().find(|r| r.entry_id == id)) {
            form.load(&preset.get_untracked(), &r.hand, Some(id));
        }
    };
    let on_void = move |id: String| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, Op::Void { target: id, reason: "delete".into() }) {
                io::alert(&e);
            }
        }
    };
    let items = Signal::derive(move || sdy_items(lang.get(), &preset.get(), &names.get(), &v()));
    let values = Signal::derive(move || preset.get().bid_values);
    let names_s: Signal<Vec<String>> = names.into();
    // (bids, landlord) once the calls are complete; landlord `None` = nobody bid.
    let outcome = Memo::new(move |_| {
        let p = preset.get();
        let top = p.bid_values.last().copied().unwrap_or(3);
        let calls = form.bid.calls.get();
        let first = form.bid.first.get();
        if !bidding_done(p.players, &calls, top) {
            return None;
        }
        let bids = bids_from(p.players, first, &calls, top)?;
        Some((bids, high_bid(p.players, first, &calls), calls.first() == Some(&Call::Bid(p.toulia_bid))))
    });
    let extra = Signal::derive(move || {
        let view = v();
        Some(("sdy.violations_h", (0..n).map(|p| view.violations_of(p).to_string()).collect::<Vec<_>>()))
    });
    let notes = Signal::derive(move || {
        let l = lang.get();
        let nm = names.get();
        v().violations
            .iter()
            .map(|x| format!("#{} {}", x.number, violation_text(l, &nm, &x.violation)))
            .collect::<Vec<_>>()
    });

    view! {
        <section class="page match sdy">
            {crate::ui::parts::match_title(m)}
            <p class="muted">
                {move || {
                    let p = preset.get();
                    preset_line(lang.get(), "sdy", &p.id, &p.name, &p.source)
                }}
            </p> {scoreboard(session, names_s, now)} {session_bar(m, session, names_s, now, locked)}
            <Show
                when=move || !locked.get()
                fallback=move || {
                    view! {
                        <div class="banner info" id="locked">
                            {tx("end.locked")}
                        </div>
                    }
                }
            >
                <div
                    class="entry"
                    id="hand-entry"
                    on:click=form.intent.watch()
                    on:input=form.intent.watch()
                    on:change=form.intent.watch()
                >
                    <h2>
                        {move || if form.editing.get().is_some() { t("entry.editing") } else { t("ddz.enter_hand") }}
                    </h2>
                    {move || match carried.get() {
                        None => {
                            view! {
                                <label class="toggle">
                                    <input
                                        type="checkbox"
                                        id="sdy-huangfan"
                                        prop:checked=move || form.huangfan.get()
                                        on:change=move |ev| form.huangfan.set(event_target_checked(&ev))
                                    />
                                    {t("sdy.huangfan_first")}
                                </label>
                            }
                                .into_any()
                        }
                        Some((true, k)) => {
                            view! {
                                <p class="banner warn" id="sdy-huangfan-carried">
                                    {t("sdy.carried").replace("{k}", &k.to_string())}
                                </p>
                            }
                                .into_any()
                        }
                        Some((false, _)) => ().into_any(),
                    }}
                    {bidding_pad(form.bid, names_s, values, "sdy", "sdy.unit", "sdy.marker")}
                    {move || match outcome.get() {
                        None => ().into_any(),
                        Some((_, None, _)) => {
                            view! {
                                <p class="banner info" id="sdy-void">
                                    {t("sdy.all_passed")}
                                </p>
                            }
                                .into_any()
                        }
                        Some((bids, Some((ll, bid)), toulia)) => {
                            let p = preset.get();
                            let tanda_offered = toulia || !p.tanda_needs_toulia;
                            view! {
                                <p class="verdict" id="sdy-landlord">
                                    {format!(
                                        "{} {} · {}{}",
                                        t("ddz.landlord"),
                                        name_of(&names.get(), ll),
                                        bid,
                                        t("sdy.unit"),
                                    )}
                                    {toulia
                                        .then(|| {
                                            view! {
                                                <span class="badge" id="sdy-toulia">
                                                    {t("sdy.toulia")}
                                                </span>
                                            }
                                        })}
                                </p>
                                <div class="row">
                                    {tanda_offered
                                        .then(|| {
                                            view! {
                                                <label class="toggle">
                                                    <input
                                                        type="checkbox"
                                                        id="sdy-tanda"
                                                        prop:checked=move || form.tanda.get()
                                                        on:change=move |ev| form.tanda.set(event_target_checked(&ev))
                                                    />
                                                    {t("sdy.tanda_opt")}
                                                </label>
                                            }
                                        })} <label class="toggle">
                                        <input
                                            type="checkbox"
                                            id="sdy-mingwang"
                                            prop:checked=move || form.mingwang.get()
                                            on:change=move |ev| form.mingwang.set(event_target_checked(&ev))
                                        />
                                        {t("sdy.mingwang_opt")}
                                    </label>
                                </div>
                                {(!tanda_offered)
                                    .then(|| {
                                        view! {
                                            <p class="muted" id="sdy-tanda-note">
                                                {t("sdy.tanda_after_toulia")}
                                            </p>
                                        }
                                    })}
                                <label class="field-label">{t("sdy.bombs_per_player")}</label>
                                <ul class="sdy-bombs" id="sdy-bombs">
                                    {(0..p.players)
                                        .map(|i| {
                                            let st = standing(&bids, ll, i);
                                            let limit = bomb_limit(&p, st);
                                            let over = move || {
                                                limit
                                                    .is_some_and(|k| {
                                                        form.bombs.with(|b| b.get(i).copied().unwrap_or(0)) > k
                                                    })
                                            };
                                            view! {
                                                <li data-player=i.to_string() class:over=over>
                                                    <span class="name">{name_of(&names.get(), i)}</span>
                                                    <span class="muted standing">
                                                        {standing_text(lang.get(), st)}" · "
                                                        {limit_text(lang.get(), limit)}
                                                    </span>
                                                    <span class="ddz-stepper">
                                                        <button
                                                            class="btn step"
                                                            id=format!("sdy-bombs-{i}-minus")
                                                            on:click=move |_| {
                                                                form.bombs
                                                                    .update(|b| {
                                                                        if let Some(x) = b.get_mut(i) {
                                                                            *x = x.saturating_sub(1);
                                                                        }
                                                                    })
                                                            }
                                                        >
                                                            "−"
                                                        </button>
                                                        <span class="ddz-count" id=format!("sdy-bombs-{i}")>
                                                            {move || {
                                                                form.bombs.with(|b| b.get(i).copied().unwrap_or(0))
                                                            }}
                                                        </span>
                                                        <button
                                                            class="btn step"
                                                            id=format!("sdy-bombs-{i}-plus")
                                                            on:click=move |_| {
                                                                form.bombs
                                                                    .update(|b| {
                                                                        if let Some(x) = b.get_mut(i) {
                                                                            *x = (*x + 1).min(99);
                                                                        }
                                                                    })
                                                            }
                                                        >
                                                            "+"
                                                        </button>
                                                    </span>
                                                    <Show when=over>
                                                        <span class="over-flag" role="alert" id=format!("sdy-over-{i}")>
                                                            {move || t("sdy.over_limit")}
                                                        </span>
                                                    </Show>
                                                </li>
                                            }
                                        })
                                        .collect_view()}
                                </ul>
                                <label class="field-label">{t("sdy.result")}</label>
                                <div class="chips">
                                    <button
                                        class="btn chip"
                                        id="sdy-won"
                                        class:selected=move || form.won.get() == Some(true)
                                        on:click=move |_| form.won.set(Some(true))
                                    >
                                        {t("ddz.landlord_wins")}
                                    </button>
                                    <button
                                        class="btn chip"
                                        id="sdy-lost"
                                        class:selected=move || form.won.get() == Some(false)
                                        on:click=move |_| form.won.set(Some(false))
                                    >
                                        {t("ddz.farmers_win")}
                                    </button>
                                </div>
                            }
                                .into_any()
                        }
                    }}
                </div>
                <div class="preview" id="preview" aria-live="polite">
                    {move || {
                        let l = lang.get();
                        let nm = names.get();
                        let p = preset.get();
                        match candidate.get() {
                            Some(Ok(r)) => {
                                let res = r.result.clone().expect("ok row");
                                view! {
                                    <p class="verdict" id="preview-verdict">
                                        {sdy_line(l, &nm, &r.hand)}
                                    </p>
                                    <p class="formula" id="preview-formula">
                                        {sdy_formula(l, &p, &r.hand, &res)}
                                    </p>
                                    <p class="muted preview-cite">
                                        <crate::ui::rules_tab::CiteText text=format!("[{}]", tr(l, "sdy.rule_src")) />
                                    </p>
                                    <p class="deltas" id="preview-deltas">
                                        {deltas_text(&nm, &res.deltas)}
                                    </p>
                                    {(!res.violations.is_empty())
                                        .then(|| {
                                            view! {
                                                <ul class="violations" id="preview-violations" role="alert">
                                                    {res
                                                        .violations
                                                        .iter()
                                                        .map(|x| view! { <li>{violation_text(l, &nm, x)}</li> })
                                                        .collect_view()}
                                                </ul>
                                            }
                                        })}
                                    <p class="muted">{tr(l, "ddz.running")}": "{deltas_text(&nm, &r.running)}</p>
                                }
                                    .into_any()
                            }
                            Some(Err(e)) => {
                                view! {
                                    <p class="field-error" id="preview-error">
                                        {refusal_text(l, &nm, &e)}
                                    </p>
                                }
                                    .into_any()
                            }
                            None => view! { <p class="muted">{tr(l, incomplete_key(form.bid))}</p> }.into_any(),
                        }
                    }}
                </div>
                <CommitBar
                    m=m
                    intent=form.intent
                    verdict=Signal::derive(move || {
                        let l = lang.get();
                        let nm = names.get();
                        match candidate.get() {
                            Some(Ok(r)) => {
                                let deltas = r
                                    .result
                                    .as_ref()
                                    .map(|res| deltas_text(&nm, &res.deltas))
                                    .unwrap_or_default();
                                BarLine::Verdict(format!("{} · {deltas}", sdy_line(l, &nm, &r.hand)))
                            }
                            Some(Err(e)) => BarLine::Refusal(refusal_text(l, &nm, &e)),
                            None => BarLine::Hint(tr(l, incomplete_key(form.bid)).to_string()),
                        }
                    })
                    name=Callback::new(move |id: String| {
                        view_memo
                            .with_untracked(|v| {
                                let v = v.as_ref()?;
                                let r = v.rows.iter().find(|r| r.entry_id == id)?;
                                Some(row_label(lang.get_untracked(), &v.session, r.segment, r.number))
                            })
                    })
                    ids=["commit-error", "commit"]
                    error=form.error
                    editing=Signal::derive(move || form.editing.get().is_some())
                    label="ddz.commit"
                    on_commit=do_commit
                    on_cancel=move || form.reset(n, next_first())
                    cancel_id="cancel-edit"
                    disabled=Signal::derive(move || candidate.with(|c| !matches!(c, Some(Ok(_)))))
                />
            </Show> {session_panels(m, locked, session, names_s, now, items, on_edit, on_void, extra, notes)}
        </section>
    }
    .into_any()
}

impl GamePreset for Preset {
    const PREFIX: &'static str = "sdy";
    fn builtins() -> Vec<Self> {
        builtin_presets()
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn source(&self) -> &str {
        &self.source
    }
    fn players(&self) -> usize {
        self.players
    }
    fn session(&self) -> &SessionRules {
        &self.session
    }
    fn session_mut(&mut self) -> &mut SessionRules {
        &mut self.session
    }
    fn readings(&self) -> &[Reading] {
        &self.readings
    }
    fn summary(&self, l: Lang) -> Vec<String> {
        let bids = self.bid_values.iter().map(u8::to_string).collect::<Vec<_>>().join("/");
        let lim = |s: BidStanding| format!("{} {}", standing_text(l, s), limit_text(l, bomb_limit(self, s)));
        let mut limits = vec![lim(BidStanding::Landlord), lim(BidStanding::NotReached), lim(BidStanding::Passed)];
        limits.extend(
            self.bid_values
                .iter()
                .filter(|&&v| v != *self.bid_values.last().unwrap_or(&0))
                .map(|&v| lim(BidStanding::Bid(v))),
        );
        vec![
            format!(
                "{}: {bids} · {} {} · {}",
                tr(l, "sdy.s_bids"),
                tr(l, "ddz.f_stake"),
                self.stake,
                tr(l, "sdy.s_void")
            ),
            format!(
                "{}: {} ×{}, {} ×{}{}, {} ×{}",
                tr(l, "ddz.f_mult"),
                tr(l, "sdy.fk.huangfan"),
                self.huangfan_factor,
                tr(l, "sdy.fk.tanda"),
                self.tanda_factor,
                if self.tanda_needs_toulia { format!(" ({})", tr(l, "sdy.tanda_after_toulia")) } else { String::new() },
                tr(l, "sdy.fk.mingwang"),
                self.mingwang_factor
            ),
            tr(l, "sdy.s_toulia")
                .replace("{bid}", &self.toulia_bid.to_string())
                .replace("{win}", &self.toulia_win_units.to_string())
                .replace("{loss}", &self.toulia_loss_units.to_string()),
            format!("{}: {}", tr(l, "sdy.s_limits"), limits.join("; ")),
            tr(l, "sdy.s_score").replace("{k}", &self.landlord_share.to_string()),
        ]
    }
    fn setup(self, players: Vec<String>) -> Setup {
        Setup::Sandayi(SandayiSetup { preset: self, players })
    }
}

/// The 三打一 set-up form.
#[component]
pub fn NewForm() -> impl IntoView {
    session_form::<Preset>()
}
