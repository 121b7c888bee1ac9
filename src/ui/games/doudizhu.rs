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
use crate::record::games::doudizhu::{DdzRow, DoudizhuSetup, DoudizhuView, SessionView};
use crate::record::replay::{replay, MatchView};
use crate::record::{HandInput, Match, Setup};
use crate::rules::doudizhu::{builtin_presets, Call, Hand, HandResult, Preset, Reading, SessionRules};
use crate::ui::parts::Toggle;
use crate::ui::t;
use leptos::prelude::*;
use serde::Serialize;
use std::sync::Arc;

/// One line for the home list, in the language in force
/// ([`crate::record::games::doudizhu::home_line`]).
pub fn summary(m: &Match) -> String {
    let Setup::Doudizhu(s) = &m.setup else { return String::new() };
    let MatchView::Doudizhu(v) = replay(m) else { return String::new() };
    crate::record::games::doudizhu::home_line(crate::ui::ctx().lang.get_untracked(), s, &v)
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
    base: FormBase,
    bombs: RwSignal<u32>,
    rockets: RwSignal<u32>,
    out: RwSignal<Option<usize>>,
    spring: RwSignal<bool>,
    anti: RwSignal<bool>,
}

impl DdzForm {
    /// The hand as entered, once complete (bidding over, and who went out when played).
    fn hand(&self, p: &Preset) -> Option<Hand> {
        let n = p.players;
        let top = p.bid_values.last().copied().unwrap_or(3);
        let first = self.base.bid.first.get();
        let calls = self.base.bid.calls.get();
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
}

impl SessionForm for DdzForm {
    type Preset = Preset;
    type Hand = Hand;
    type Draft = DdzDraft;
    fn new(_: &Preset) -> Self {
        DdzForm {
            base: FormBase::new(BidState::new()),
            bombs: RwSignal::new(0),
            rockets: RwSignal::new(0),
            out: RwSignal::new(None),
            spring: RwSignal::new(false),
            anti: RwSignal::new(false),
        }
    }
    fn base(&self) -> FormBase {
        self.base
    }
    fn incomplete_key(&self) -> &'static str {
        "ddz.incomplete"
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
                self.base.bid.load(b, first);
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
                self.base.bid.first.set(first);
                self.base.bid.calls.set(calls);
                self.base.bid.error.set(None);
            }
        }
        self.bombs.set(h.bombs);
        self.rockets.set(h.rockets);
        self.out.set(h.went_out.or_else(|| h.landlord.map(|l| if h.landlord_won { l } else { (l + 1) % n })));
        self.spring.set(h.spring);
        self.anti.set(h.anti_spring);
        self.base.start(id);
    }

    /// The form as it stands (tracked).
    fn draft(&self) -> DdzDraft {
        DdzDraft {
            first: self.base.bid.first.get(),
            calls: self.base.bid.calls.get(),
            bombs: self.bombs.get(),
            rockets: self.rockets.get(),
            out: self.out.get(),
            spring: self.spring.get(),
            anti: self.anti.get(),
            editing: self.base.editing.get(),
        }
    }

    fn set_draft(&self, d: DdzDraft) {
        self.base.bid.first.set(d.first);
        self.base.bid.calls.set(d.calls);
        self.base.bid.error.set(None);
        self.bombs.set(d.bombs);
        self.rockets.set(d.rockets);
        self.out.set(d.out);
        self.spring.set(d.spring);
        self.anti.set(d.anti);
        self.base.restore(d.editing);
    }

    fn reset(&self, first: usize) {
        self.base.bid.reset(first);
        self.bombs.set(0);
        self.rockets.set(0);
        self.out.set(None);
        self.spring.set(false);
        self.anti.set(false);
        self.base.start(None);
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

/// 斗地主 as a session game.
struct Doudizhu;

impl SessionGame for Doudizhu {
    type Preset = Preset;
    type Hand = Hand;
    type Result = HandResult;
    type View = DoudizhuView;
    type Carry = ();
    type Form = DdzForm;
    const ID: GameId = GameId::Doudizhu;
    const RULE_SRC: &'static str = "ddz.rule_src";
    fn view_of(v: MatchView) -> Option<DoudizhuView> {
        match v {
            MatchView::Doudizhu(v) => Some(v),
            _ => None,
        }
    }
    fn setup_of(m: &Match) -> Option<(&Preset, &[String])> {
        ddz_setup(m).map(|s| (&s.preset, s.players.as_slice()))
    }
    fn rows(v: &DoudizhuView) -> &[DdzRow] {
        &v.rows
    }
    fn session(v: &DoudizhuView) -> &SessionView {
        &v.session
    }
    fn next_first_bidder(v: &DoudizhuView) -> usize {
        v.next_first_bidder()
    }
    fn input(h: Hand) -> HandInput {
        HandInput::Doudizhu(h)
    }
    fn deltas(r: &HandResult) -> &[i64] {
        &r.deltas
    }
    fn carry(_: &Match, _: &DoudizhuView, _: Option<&str>) {}
    fn hand(form: DdzForm, p: &Preset, _: &()) -> Option<Hand> {
        form.hand(p)
    }
    fn line(l: Lang, names: &[String], h: &Hand) -> String {
        ddz_line(l, names, h)
    }
    fn formula(l: Lang, p: &Preset, h: &Hand, r: &HandResult) -> String {
        ddz_formula(l, p, h, r)
    }
    fn items(l: Lang, p: &Preset, names: &[String], v: &DoudizhuView) -> Vec<HistItem> {
        ddz_items(l, p, names, v)
    }
    fn pad(form: DdzForm, preset: Memo<Preset>, names: Memo<Vec<String>>, _: Memo<()>) -> AnyView {
        ddz_pad(form, preset, names)
    }
}

/// The bidding pad, then once a landlord is known: bombs, rockets, who went out, spring.
fn ddz_pad(form: DdzForm, preset: Memo<Preset>, names: Memo<Vec<String>>) -> AnyView {
    let values = Signal::derive(move || preset.get().bid_values);
    let names_s: Signal<Vec<String>> = names.into();
    let landlord = Memo::new(move |_| {
        let n = preset.with(|p| p.players);
        let top = preset.with(|p| p.bid_values.last().copied().unwrap_or(3));
        let calls = form.base.bid.calls.get();
        if !bidding_done(n, &calls, top) {
            return None;
        }
        Some(high_bid(n, form.base.bid.first.get(), &calls))
    });

    view! {
        {bidding_pad(form.base.bid, names_s, values, "ddz", "ddz.unit", "ddz.first_bidder")}
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
                        {format!("{} {} · {}{}", t("ddz.landlord"), name_of(&names.get(), ll), bid, t("ddz.unit"))}
                    </p>
                    <label class="field-label">{t("ddz.bombs_played")}</label>
                    {stepper(form.bombs, Signal::derive(move || preset.get().max_bombs), "ddz-bombs".to_string())}
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
                            view! { <Toggle id="ddz-spring" checked=form.spring label="ddz.spring" /> }.into_any()
                        }
                        Some(_) => {
                            view! { <Toggle id="ddz-anti-spring" checked=form.anti label="ddz.anti_spring" /> }
                                .into_any()
                        }
                        None => ().into_any(),
                    }}
                }
                    .into_any()
            }
        }}
    }
    .into_any()
}

/// The 斗地主 match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    session_page::<Doudizhu>(m)
}

impl GamePreset for Preset {
    const PREFIX: &'static str = "ddz";
    fn builtins() -> Vec<Self> {
        builtin_presets()
    }
    preset_fields!();
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
