//! 斗地主 pages (RULES.md §3): the match page — the bidding pad, the play (bombs, spring,
//! 明牌), the live formula, history, the session and the result sheet, from the session
//! parts shared with 欢乐三打一 ([`super::session`]) — and the set-up form.
//!
//! Everything shown is derived by replaying the log ([`crate::record::replay::replay`]);
//! formulas are built from the engine's structured fields with table strings, never from
//! its Chinese explanation.

use super::session::*;
use crate::i18n::{tr, Lang};
use crate::record::game::GameId;
use crate::record::games::doudizhu::{DdzRow, DoudizhuSetup, DoudizhuView};
use crate::record::replay::{replay, MatchView};
use crate::record::{HandInput, ImportError, Match, Op, Setup};
use crate::rules::doudizhu::{builtin_presets, Call, Hand, HandResult, Preset, Reading, SessionRules};
use crate::ui::parts::{BarLine, CommitBar};
use crate::ui::widgets::{leave_edit_when_gone, FormIntent};
use crate::ui::{commit, ctx, t, tx};
use leptos::prelude::*;
use serde::Serialize;
use std::sync::Arc;

/// One line for the home list: table, hands, leader.
pub fn summary(m: &Match) -> String {
    let Setup::Doudizhu(s) = &m.setup else { return String::new() };
    let MatchView::Doudizhu(v) = replay(m) else { return String::new() };
    session_summary(&v.session, &s.players, v.rows.len())
}

/// The 斗地主 form as the referee left it (its draft, [`crate::ui::draft`]): the bidding
/// pad's first caller and calls, and the play.
#[derive(Serialize, serde::Deserialize)]
struct DdzDraft {
    first: usize,
    calls: Vec<Call>,
    bombs: u32,
    rockets: u32,
    out: Option<usize>,
    spring: bool,
    anti: bool,
    editing: Option<String>,
}

/// The 斗地主 hand being entered.
#[derive(Clone, Copy)]
struct DdzForm {
    bid: BidState,
    bombs: RwSignal<u32>,
    rockets: RwSignal<u32>,
    out: RwSignal<Option<usize>>,
    spring: RwSignal<bool>,
    anti: RwSignal<bool>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    intent: FormIntent,
}

impl DdzForm {
    fn new() -> Self {
        DdzForm {
            bid: BidState::new(),
            bombs: RwSignal::new(0),
            rockets: RwSignal::new(0),
            out: RwSignal::new(None),
            spring: RwSignal::new(false),
            anti: RwSignal::new(false),
            editing: RwSignal::new(None),
            error: RwSignal::new(None),
            intent: FormIntent::new(),
        }
    }

    /// The hand as entered, once complete (bidding over, and who went out when played).
    fn hand(&self, p: &Preset) -> Option<Hand> {
        let n = p.players;
        let top = p.bid_values.last().copied().unwrap_or(3);
        let first = self.bid.first.get();
        let calls = self.bid.calls.get();
        let bids = bids_from(n, first, &calls, top)?;
        match high_bid(n, first, &calls) {
            None => Some(Hand { bids: Some(bids), first_bidder: Some(first), ..Hand::redeal() }),
            Some((l, v)) => {
                let out = self.out.get()?;
                let won = out == l;
                Some(Hand {
                    landlord: Some(l),
                    bid: v,
                    bombs: self.bombs.get(),
                    rockets: self.rockets.get(),
                    spring: won && self.spring.get(),
                    anti_spring: !won && self.anti.get(),
                    landlord_won: won,
                    bids: Some(bids),
                    first_bidder: Some(first),
                    went_out: Some(out),
                })
            }
        }
    }

    fn load(&self, p: &Preset, h: &Hand, id: Option<String>) {
        let n = p.players;
        let top = p.bid_values.last().copied().unwrap_or(3);
        match &h.bids {
            Some(b) => {
                let first = h
                    .first_bidder
                    .or_else(|| {
                        crate::rules::doudizhu::check_bidding(b, None, &p.bid_values, n).ok().map(|x| x.first_bidder)
                    })
                    .unwrap_or(0);
                self.bid.load(b, first);
            }
            None => {
                // Recorded without the calls: the landlord opened with the bid.
                let first = h.landlord.unwrap_or(0);
                let mut calls = Vec::new();
                if h.landlord.is_some() {
                    calls.push(Call::Bid(h.bid));
                    if h.bid != top {
                        calls.extend(std::iter::repeat_n(Call::Pass, n - 1));
                    }
                } else {
                    calls = vec![Call::Pass; n];
                }
                self.bid.first.set(first);
                self.bid.calls.set(calls);
                self.bid.error.set(None);
            }
        }
        self.bombs.set(h.bombs);
        self.rockets.set(h.rockets);
        self.out.set(h.went_out.or_else(|| h.landlord.map(|l| if h.landlord_won { l } else { (l + 1) % n })));
        self.spring.set(h.spring);
        self.anti.set(h.anti_spring);
        self.editing.set(id);
        self.error.set(None);
        self.intent.fresh();
    }

    /// The form as it stands (tracked).
    fn draft(&self) -> DdzDraft {
        DdzDraft {
            first: self.bid.first.get(),
            calls: self.bid.calls.get(),
            bombs: self.bombs.get(),
            rockets: self.rockets.get(),
            out: self.out.get(),
            spring: self.spring.get(),
            anti: self.anti.get(),
            editing: self.editing.get(),
        }
    }

    fn set_draft(&self, d: DdzDraft) {
        self.bid.first.set(d.first);
        self.bid.calls.set(d.calls);
        self.bid.error.set(None);
        self.bombs.set(d.bombs);
        self.rockets.set(d.rockets);
        self.out.set(d.out);
        self.spring.set(d.spring);
        self.anti.set(d.anti);
        self.editing.set(d.editing);
        self.error.set(None);
    }

    fn reset(&self, first: usize) {
        self.bid.reset(first);
        self.bombs.set(0);
        self.rockets.set(0);
        self.out.set(None);
        self.spring.set(false);
        self.anti.set(false);
        self.editing.set(None);
        self.error.set(None);
        self.intent.fresh();
    }
}

fn ddz_setup(m: &Match) -> Option<&DoudizhuSetup> {
    match &m.setup {
        Setup::Doudizhu(s) => Some(s),
        _ => None,
    }
}

/// The verdict line of a 斗地主 hand.
fn ddz_line(l: Lang, names: &[String], h: &Hand) -> String {
    match h.landlord {
        None => tr(l, "ddz.redeal_line").to_string(),
        Some(ll) => format!(
            "{} {} {}{} · {}",
            name_of(names, ll),
            tr(l, "ddz.landlord"),
            h.bid,
            tr(l, "ddz.unit"),
            if h.landlord_won { tr(l, "ddz.landlord_wins") } else { tr(l, "ddz.farmers_win") }
        ),
    }
}

/// The formula with the numbers filled in, from the structured result.
fn ddz_formula(l: Lang, p: &Preset, h: &Hand, r: &HandResult) -> String {
    let Some(ll) = h.landlord else { return tr(l, "ddz.redeal_rule").to_string() };
    let base = if p.stake == 1 {
        format!("{} {}", tr(l, "ddz.f_base"), r.base)
    } else {
        format!(
            "{} {} × {} {} = {} {}",
            tr(l, "ddz.f_stake"),
            p.stake,
            tr(l, "ddz.f_bid"),
            h.bid,
            tr(l, "ddz.f_base"),
            r.base
        )
    };
    format!(
        "{base} × {} {}{} = {}{}",
        tr(l, "ddz.f_mult"),
        r.multiplier,
        factors_text(l, &r.factors),
        r.unit,
        payout_text(l, r.deltas[ll], if h.landlord_won { -r.unit } else { r.unit })
    )
}

/// Calls, who went out, formula, running totals.
fn ddz_details(l: Lang, p: &Preset, names: &[String], r: &DdzRow) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(b) = &r.hand.bids {
        v.push(format!("{}: {}", tr(l, "ddz.calls"), calls_text(l, names, b, r.hand.first_bidder, "ddz.unit")));
    }
    if let Some(o) = r.hand.went_out {
        v.push(format!("{}: {}", tr(l, "ddz.went_out"), name_of(names, o)));
    }
    if r.hand.landlord.is_some() {
        v.push(format!("{}: {} · {}: {}", tr(l, "ddz.bombs"), r.hand.bombs, tr(l, "ddz.rockets"), r.hand.rockets));
    }
    match &r.result {
        Ok(res) => {
            v.push(ddz_formula(l, p, &r.hand, res));
            v.push(format!("{}: {}", tr(l, "ddz.running"), deltas_text(names, &r.running)));
        }
        Err(e) => v.push(err_text(l, names, e)),
    }
    v.push(format!("[{}]", tr(l, "ddz.rule_src")));
    v
}

fn ddz_items(l: Lang, p: &Preset, names: &[String], v: &DoudizhuView) -> Vec<HistItem> {
    v.rows
        .iter()
        .map(|r| HistItem {
            entry_id: r.entry_id.clone(),
            label: row_label(l, &v.session, r.segment, r.number),
            line: ddz_line(l, names, &r.hand),
            entered: r
                .result
                .as_ref()
                .ok()
                .filter(|_| r.hand.landlord.is_some())
                .map(|x| multiplier_text(l, x.multiplier, &x.factors))
                .unwrap_or_default(),
            deltas: r.result.as_ref().map(|x| deltas_text(names, &x.deltas)).unwrap_or_else(|e| err_text(l, names, e)),
            details: ddz_details(l, p, names, r),
            warnings: Vec::new(),
            at_ms: r.at_ms,
            corrected_ms: r.corrected_ms.clone(),
        })
        .collect()
}

/// The 斗地主 match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let lang = ctx().lang;
    let view_memo: Memo<Option<DoudizhuView>> = Memo::new(move |_| {
        m.with(|o| {
            o.as_deref().and_then(|x| match replay(x) {
                MatchView::Doudizhu(v) => Some(v),
                _ => None,
            })
        })
    });
    let Some(first_view) = view_memo.get_untracked() else {
        return view! { <p class="empty">{tx("err.no_match")}</p> }.into_any();
    };
    let v = move || view_memo.get().expect("view present");
    let preset = Memo::new(move |_| {
        m.with(|o| o.as_deref().and_then(ddz_setup).map(|s| s.preset.clone()))
            .unwrap_or_else(|| builtin_presets()[0].clone())
    });
    let names =
        Memo::new(move |_| m.with(|o| o.as_deref().and_then(ddz_setup).map(|s| s.players.clone())).unwrap_or_default());
    let session = Signal::derive(move || v().session);
    let locked = Signal::derive(move || v().session.locked);
    let now = ticking_now(m, session);
    let form = DdzForm::new();
    form.reset(first_view.next_first_bidder());
    // The half-entered hand survives a reload, an update and back/forward.
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    crate::ui::draft::keep_draft(
        GameId::Doudizhu.as_str(),
        &mid,
        form.intent,
        move || form.draft(),
        move |d| form.set_draft(d),
    );
    // A new hand or a new table: the next deal's first caller, unless a hand is being entered.
    Effect::new(move |_| {
        let (rows, segs, next) = view_memo.with(|o| {
            o.as_ref().map(|v| (v.rows.len(), v.session.segments.len(), v.next_first_bidder())).unwrap_or((0, 1, 0))
        });
        let _ = (rows, segs);
        if form.editing.get_untracked().is_none()
            && form.bid.calls.with_untracked(Vec::is_empty)
            && !form.intent.changed_untracked()
        {
            form.bid.first.set(next);
        }
    });

    let candidate = Memo::new(move |_| -> Option<Result<DdzRow, ImportError>> {
        let x = m.get()?;
        let p = preset.get();
        let hand = form.hand(&p)?;
        let (op, target) = candidate_op(form.editing.get(), HandInput::Doudizhu(hand));
        let y = match with_candidate(&x, op) {
            Ok(y) => y,
            Err(e) => return Some(Err(e)),
        };
        let MatchView::Doudizhu(pv) = replay(&y) else { return None };
        pv.rows.into_iter().find(|r| r.entry_id == target).map(|r| match r.result {
            Ok(_) => Ok(r),
            Err(e) => Err(crate::record::games::doudizhu::rule_err(e)),
        })
    });

    // The edited hand deleted (here or in another tab): the form says so and starts a new
    // hand (the edit of an old hand is not the next hand's calls).
    let edit_gone = leave_edit_when_gone(m, form.editing, form.error, "entry.edit_gone", form.intent, move || {
        form.reset(view_memo.get_untracked().map(|v| v.next_first_bidder()).unwrap_or(0))
    });
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let question = move || match candidate.get_untracked() {
        Some(Ok(r)) => Some(ddz_line(lang.get_untracked(), &names.get_untracked(), &r.hand)),
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
            let Some(hand) = form.hand(&p) else {
                form.error.set(Some(tr(l, "ddz.incomplete").to_string()));
                return false;
            };
            if let Some(Err(e)) = candidate.get_untracked() {
                form.error.set(Some(refusal_text(l, &names.get_untracked(), &e)));
                return false;
            }
            let (op, _) = candidate_op(form.editing.get_untracked(), HandInput::Doudizhu(hand));
            match commit(&x, op) {
                Ok(()) => {
                    let next = view_memo.get_untracked().map(|v| v.next_first_bidder()).unwrap_or(0);
                    form.reset(next);
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
    let on_void = move |id: String| act(m, Op::Void { target: id, reason: "delete".into() });
    let items = Signal::derive(move || ddz_items(lang.get(), &preset.get(), &names.get(), &v()));
    let values = Signal::derive(move || preset.get().bid_values);
    let names_s: Signal<Vec<String>> = names.into();
    let landlord = Memo::new(move |_| {
        let n = preset.with(|p| p.players);
        let top = preset.with(|p| p.bid_values.last().copied().unwrap_or(3));
        let calls = form.bid.calls.get();
        if !bidding_done(n, &calls, top) {
            return None;
        }
        Some(high_bid(n, form.bid.first.get(), &calls))
    });

    view! {
        <section class="page match ddz">
            {crate::ui::parts::match_title(m)}
            <p class="muted">
                {move || {
                    let p = preset.get();
                    preset_line(lang.get(), "ddz", &p.id, &p.name, &p.source)
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
                    {bidding_pad(form.bid, names_s, values, "ddz", "ddz.unit", "ddz.first_bidder")}
                    {move || match landlord.get() {
                        None => ().into_any(),
                        Some(None) => {
                            view! {
                                <p class="banner info" id="ddz-redeal">
                                    {t("ddz.all_passed")}
                                </p>
                            }
                                .into_any()
                        }
                        Some(Some((ll, bid))) => {
                            view! {
                                <p class="verdict" id="ddz-landlord">
                                    {format!(
                                        "{} {} · {}{}",
                                        t("ddz.landlord"),
                                        name_of(&names.get(), ll),
                                        bid,
                                        t("ddz.unit"),
                                    )}
                                </p>
                                <label class="field-label">{t("ddz.bombs_played")}</label>
                                {stepper(
                                    form.bombs,
                                    Signal::derive(move || preset.get().max_bombs),
                                    "ddz-bombs".to_string(),
                                )}
                                <label class="field-label">{t("ddz.rockets_played")}</label>
                                <div class="chips" id="ddz-rockets">
                                    {(0..=preset.get().max_rockets)
                                        .map(|k| {
                                            view! {
                                                <button
                                                    class="btn chip"
                                                    data-rockets=k.to_string()
                                                    class:selected=move || form.rockets.get() == k
                                                    on:click=move |_| form.rockets.set(k)
                                                >
                                                    {k}
                                                </button>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                <label class="field-label">{t("ddz.went_out")}</label>
                                <div class="chips" id="ddz-out">
                                    {(0..names.get().len())
                                        .map(|i| {
                                            view! {
                                                <button
                                                    class="btn chip"
                                                    data-player=i.to_string()
                                                    class:selected=move || form.out.get() == Some(i)
                                                    on:click=move |_| form.out.set(Some(i))
                                                >
                                                    {move || {
                                                        format!(
                                                            "{}{}",
                                                            name_of(&names.get(), i),
                                                            if i == ll {
                                                                format!(" ({})", t("ddz.landlord"))
                                                            } else {
                                                                String::new()
                                                            },
                                                        )
                                                    }}
                                                </button>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                {move || match form.out.get() {
                                    Some(o) if o == ll => {
                                        view! {
                                            <label class="toggle">
                                                <input
                                                    type="checkbox"
                                                    id="ddz-spring"
                                                    prop:checked=move || form.spring.get()
                                                    on:change=move |ev| form.spring.set(event_target_checked(&ev))
                                                />
                                                {t("ddz.spring")}
                                            </label>
                                        }
                                            .into_any()
                                    }
                                    Some(_) => {
                                        view! {
                                            <label class="toggle">
                                                <input
                                                    type="checkbox"
                                                    id="ddz-anti-spring"
                                                    prop:checked=move || form.anti.get()
                                                    on:change=move |ev| form.anti.set(event_target_checked(&ev))
                                                />
                                                {t("ddz.anti_spring")}
                                            </label>
                                        }
                                            .into_any()
                                    }
                                    None => ().into_any(),
                                }}
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
                                        {ddz_line(l, &nm, &r.hand)}
                                    </p>
                                    <p class="formula" id="preview-formula">
                                        {ddz_formula(l, &p, &r.hand, &res)}
                                    </p>
                                    <p class="muted preview-cite">
                                        <crate::ui::rules_tab::CiteText text=format!("[{}]", tr(l, "ddz.rule_src")) />
                                    </p>
                                    <p class="deltas" id="preview-deltas">
                                        {deltas_text(&nm, &res.deltas)}
                                    </p>
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
                            None => view! { <p class="muted">{tr(l, "ddz.incomplete")}</p> }.into_any(),
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
                                BarLine::Verdict(format!("{} · {deltas}", ddz_line(l, &nm, &r.hand)))
                            }
                            Some(Err(e)) => BarLine::Refusal(refusal_text(l, &nm, &e)),
                            None => BarLine::Hint(tr(l, "ddz.incomplete").to_string()),
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
                    on_cancel=move || form.reset(view_memo.get_untracked().map(|v| v.next_first_bidder()).unwrap_or(0))
                    cancel_id="cancel-edit"
                    disabled=Signal::derive(move || candidate.with(|c| !matches!(c, Some(Ok(_)))))
                />
            </Show>
            {session_panels(
                m,
                locked,
                session,
                names_s,
                now,
                items,
                on_edit,
                on_void,
                Signal::derive(|| None),
                Signal::derive(Vec::new),
            )}
        </section>
    }
    .into_any()
}

impl GamePreset for Preset {
    const PREFIX: &'static str = "ddz";
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
        vec![
            format!(
                "{}: {bids} · {} {} · {}",
                tr(l, "ddz.s_bids"),
                tr(l, "ddz.f_stake"),
                self.stake,
                tr(l, "ddz.s_redeal")
            ),
            format!(
                "{}: {} ×{}, {} ×{}, {} ×{}, {} ×{}",
                tr(l, "ddz.f_mult"),
                tr(l, "ddz.fk.bomb"),
                self.bomb_factor,
                tr(l, "ddz.fk.rocket"),
                self.rocket_factor,
                tr(l, "ddz.fk.spring"),
                self.spring_factor,
                tr(l, "ddz.fk.anti_spring"),
                self.anti_spring_factor
            ),
            tr(l, "ddz.s_score").replace("{k}", &self.landlord_share.to_string()),
        ]
    }
    fn setup(self, players: Vec<String>) -> Setup {
        Setup::Doudizhu(DoudizhuSetup { preset: self, players })
    }
}

/// The 斗地主 set-up form.
#[component]
pub fn NewForm() -> impl IntoView {
    session_form::<Preset>()
}
