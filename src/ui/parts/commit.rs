//! The entry bar at the foot of a match page's entry form, fixed to the bottom of the
//! screen: the one-line verdict of what the commit would store (or why it would be
//! refused), the 记录 / 保存修改 button beside it (with 取消 while an earlier entry is
//! edited), why the last commit was refused, and after a commit a notice naming the hand
//! stored with 撤销 (a void of exactly that entry). The page below gets bottom padding
//! and scroll padding equal to the bar's height, so no control is ever left under it.

use crate::record::{Match, Op, UNDO_REASON};
use crate::ui::widgets::{no_key_repeat, FormIntent};
use crate::ui::{t, tx};
use leptos::prelude::*;
use std::sync::Arc;

/// What the entry bar's line says about the form as it stands.
#[derive(Clone, Debug, PartialEq)]
pub enum BarLine {
    /// Nothing to commit yet: what is still missing (a hint).
    Hint(String),
    /// The verdict the commit would store, in one line ("85 分 → 台下上台, 不升级").
    Verdict(String),
    /// The commit would be refused: why.
    Refusal(String),
}

/// The notice after a commit: the stored entry's id and the hand's name ("第 12 副").
#[derive(Clone, Debug, PartialEq)]
struct Stored {
    id: String,
    name: String,
    corrected: bool,
    undone: bool,
}

/// The name of hand `hand` (the id of its `Hand` entry), counted over the match's hands
/// that count: "第 n 副".
fn default_name(m: &Match, hand: &str) -> Option<String> {
    let voided = m.voided();
    let n = m
        .entries
        .iter()
        .filter(|e| matches!(e.op, Op::Hand { .. }) && (e.id == hand || !voided.contains(e.id.as_str())))
        .position(|e| e.id == hand)?
        + 1;
    Some(t("bar.hand_n").replace("{n}", &n.to_string()))
}

/// How the match page names its entries (the game page's own hand numbering: "第 3-12 副",
/// a board, a table's deal), shared with the undo button and the log of the same page. The
/// match page provides it; the page's [`CommitBar`] sets it from its `name`.
#[derive(Clone, Copy)]
pub struct EntryNamer(RwSignal<Option<Callback<String, Option<String>>>>);

impl EntryNamer {
    /// Provides a namer for the pages mounted below (the match page).
    pub fn provide() {
        provide_context(EntryNamer(RwSignal::new(None)));
    }
    fn get() -> Option<EntryNamer> {
        use_context::<EntryNamer>()
    }
    /// Sets the namer of a page that names its entries without a [`CommitBar`] (五子棋's
    /// stones: "第 12 手 h8"): `f` takes an entry id, `None` leaves the default name.
    pub fn set(f: Callback<String, Option<String>>) {
        if let Some(n) = Self::get() {
            n.0.set(Some(f));
        }
    }
}

/// The typed fields of the entry form whose text is refused as it stands (a score typed as
/// "93"), by input id, each with its message. While any is, the entry bar's line says so
/// and its commit stores nothing, so a number other than the one on screen is never stored
/// (the field's last valid value is not taken in its place). The match page provides it;
/// [`crate::ui::widgets::PointsInput`] reports to it; without it nothing is checked.
#[derive(Clone, Copy)]
pub struct FieldRefusals(RwSignal<Vec<(String, String)>>);

impl FieldRefusals {
    /// Provides an empty set for the pages mounted below (the match page).
    pub fn provide() {
        provide_context(FieldRefusals(RwSignal::new(Vec::new())));
    }
    /// The set of the page this is called under, if it has one.
    pub fn get() -> Option<FieldRefusals> {
        use_context::<FieldRefusals>()
    }
    /// Field `id` refused with `message`, or (`None`) no longer refused.
    pub fn set(self, id: &str, message: Option<String>) {
        let now = self.0.try_with_untracked(|v| v.iter().find(|(k, _)| k == id).map(|(_, m)| m.clone())).flatten();
        if now != message {
            self.0.try_update(|v| {
                v.retain(|(k, _)| k != id);
                if let Some(m) = message {
                    v.push((id.to_string(), m));
                }
            });
        }
    }
    /// The first refusal (tracked): while there is one, what the form shows as its value is
    /// not what it would store, so neither the entry bar nor a page's live preview may show
    /// a verdict.
    pub fn first(self) -> Option<String> {
        self.0.with(|v| v.first().map(|(_, m)| m.clone()))
    }
}

/// The name of entry `id` of `m` as its page says it (tracked: the namer may be set after
/// the caller rendered): a hand as its history numbers it ("第 12 副"), a correction as
/// "修改一副 · 第 12 副", a move on as the page names it if it does (a session's "换桌 · 第 2/3 桌"),
/// any other entry by its kind ("判罚"). `None` when `id` is not in `m`.
pub fn entry_label(m: &Match, id: &str) -> Option<String> {
    let e = m.entries.iter().find(|e| e.id == id)?;
    let l = crate::ui::ctx().lang.get();
    // The page's namer lives in its entry form: once the form is gone (the game won), it
    // is disposed and the default name stands in (try_run).
    let hand_name = |hand: &str| {
        EntryNamer::get()
            .and_then(|n| n.0.try_get().flatten())
            .and_then(|f| f.try_run(hand.to_string()).flatten())
            .or_else(|| default_name(m, hand))
    };
    Some(match &e.op {
        Op::Hand { .. } => hand_name(&e.id).unwrap_or_else(|| crate::i18n::op_name(l, &e.op).to_string()),
        Op::Correct { target, .. } => match hand_name(target) {
            Some(n) => format!("{} · {n}", crate::i18n::op_name(l, &e.op)),
            None => crate::i18n::op_name(l, &e.op).to_string(),
        },
        // A move on (a session's change of table) as the page names it, if it does.
        Op::NextGame { .. } => hand_name(&e.id).unwrap_or_else(|| crate::i18n::op_name(l, &e.op).to_string()),
        op => crate::i18n::op_name(l, op).to_string(),
    })
}

/// Says so at the top of the screen when a change made in another tab takes this page's
/// entry form away — the hand that wins the game, a game-ending ruling, a sign-off — while
/// an entry is typed in it (`intent` touched): the entry typed here was not recorded. The
/// entry bar's own notice ([`CommitBar`]: an entry recorded elsewhere while typing) goes
/// with the form it belongs to, so the page that shows or hides the form calls this,
/// `open` being whether it shows it. A form closed by this tab's own entry, or that was
/// not touched, says nothing.
pub fn tell_when_closed_elsewhere(
    m: Memo<Option<Arc<Match>>>,
    intent: FormIntent,
    open: impl Fn() -> bool + Send + Sync + 'static,
) {
    let c = crate::ui::ctx();
    // Whether the form is shown, and the match with how many times another tab wrote it.
    let state = move || (open(), m.with(|x| x.as_deref().map(|x| (x.id.clone(), crate::ui::written_elsewhere(&x.id)))));
    let seen = StoredValue::new(untrack(&state));
    Effect::new(move |_| {
        let now = state();
        let (was_open, was) = seen.get_value();
        seen.set_value(now.clone());
        let (is_open, Some((id, n))) = now else { return };
        let elsewhere = matches!(was, Some((was_id, was_n)) if was_id == id && was_n != n);
        if !was_open || is_open || !elsewhere || !intent.changed_untracked() {
            return;
        }
        let what = untrack(|| m.with_untracked(|x| x.as_deref().and_then(|x| entry_label(x, &x.entries.last()?.id))));
        let text = crate::i18n::tr(c.lang.get_untracked(), "bar.closed_elsewhere")
            .replace("{entry}", &what.unwrap_or_default());
        // After the frame: the entry bar may still give its own notice of the same change
        // (an entry to check before recording it) in this turn; this one is what holds.
        request_animation_frame(move || c.notice.set(Some(crate::ui::Notice { text, action: None })));
    });
}

/// The entry bar (see the module doc).
///
/// * `m`: the match; `intent`: the form's [`FormIntent`] (a touch of the form clears the
///   notice of the last commit: the line is the next entry's again).
/// * `verdict`: the line (the page's live preview, [`BarLine`]).
/// * `ids`: the commit error (`ids[0]`) and the commit button (`ids[1]`: `label`, an i18n
///   key, or 保存修改 while `editing`; off while `disabled`); 取消 (`cancel_id`) runs
///   `on_cancel`. The line is `{ids[1]}-line`, the notice `{ids[1]}-notice` with its undo
///   `{ids[1]}-notice-undo`.
/// * `name`: the stored hand's name from the id of its `Hand` entry, as the page's history
///   numbers it (default: "第 n 副", counted over the match's hands).
#[component]
pub fn CommitBar(
    m: Memo<Option<Arc<Match>>>,
    intent: FormIntent,
    #[prop(into)] verdict: Signal<BarLine>,
    ids: [&'static str; 2],
    error: RwSignal<Option<String>>,
    #[prop(into)] editing: Signal<bool>,
    label: &'static str,
    on_commit: impl Fn(leptos::ev::MouseEvent) + 'static,
    on_cancel: impl Fn() + Copy + Send + Sync + 'static,
    #[prop(optional)] cancel_id: Option<&'static str>,
    #[prop(optional, into)] disabled: Signal<bool>,
    #[prop(optional)] name: Option<Callback<String, Option<String>>>,
) -> impl IntoView {
    if let (Some(f), Some(n)) = (name, EntryNamer::get()) {
        n.0.set(Some(f));
    }
    let stored: RwSignal<Option<Stored>> = RwSignal::new(None);
    // A refused field stands in for the page's verdict, and stops the commit.
    let refusals = FieldRefusals::get();
    let line = Signal::derive(move || match refusals.and_then(FieldRefusals::first) {
        Some(r) => BarLine::Refusal(r),
        None => verdict.get(),
    });
    let last_id = move || m.with_untracked(|x| x.as_deref().and_then(|x| x.entries.last()).map(|e| e.id.clone()));
    let press = move |ev: leptos::ev::MouseEvent| {
        if let Some(r) = refusals.and_then(|f| f.0.with_untracked(|v| v.first().map(|(_, m)| m.clone()))) {
            error.set(Some(r));
            return;
        }
        let before = last_id();
        on_commit(ev);
        let Some(x) = m.get_untracked() else { return };
        let Some(e) = x.entries.last().filter(|e| Some(&e.id) != before.as_ref()) else { return };
        let (hand, corrected) = match &e.op {
            Op::Hand { .. } => (e.id.clone(), false),
            Op::Correct { target, .. } => (target.clone(), true),
            _ => return,
        };
        let hand_name = match name.and_then(|f| f.try_run(hand.clone())) {
            Some(n) => n,
            None => default_name(&x, &hand),
        };
        // The commit may have taken the bar down already (the last hand of a game).
        stored.try_set(Some(Stored {
            id: e.id.clone(),
            name: hand_name.unwrap_or_default(),
            corrected,
            undone: false,
        }));
    };
    // The notice given, taken down when this tab commits (the entry it was about is then
    // recorded) or resets the form.
    let told: StoredValue<Option<String>> = StoredValue::new(None);
    let untell = move || {
        if let Some(text) = told.get_value() {
            told.set_value(None);
            let c = crate::ui::ctx();
            if c.notice.with_untracked(|n| n.as_ref().is_some_and(|n| n.text == text)) {
                c.notice.set(None);
            }
        }
    };
    // The referee goes on with the next entry: the line is about it again. A form no
    // longer touched (committed, reset) has nothing left to check.
    Effect::new(move |_| {
        if intent.changed() {
            stored.set(None);
        } else {
            untell();
        }
    });
    // Another tab changed this match while an entry is being typed here: said, for the
    // entry typed goes after what the other tab stored (a hand's number moves on), and two
    // referees keying the same hand would store it twice.
    let snapshot =
        move || m.with(|x| x.as_deref().map(|x| (x.id.clone(), x.entries.len(), crate::ui::written_elsewhere(&x.id))));
    let seen = StoredValue::new(untrack(snapshot));
    Effect::new(move |_| {
        let now = snapshot();
        let before = seen.get_value();
        seen.set_value(now.clone());
        let (Some((id, len, n)), Some((was_id, was_len, was_n))) = (now, before) else { return };
        if id != was_id || len == was_len || n == was_n || !intent.changed_untracked() || editing.get_untracked() {
            return;
        }
        let what = untrack(|| m.with_untracked(|x| x.as_deref().and_then(|x| entry_label(x, &x.entries.last()?.id))));
        let text = t("bar.elsewhere").replace("{entry}", &what.unwrap_or_default());
        told.set_value(Some(text.clone()));
        crate::ui::notify(text);
    });
    let undo = move |_| {
        let Some(s) = stored.get_untracked().filter(|s| !s.undone) else { return };
        let Some(x) = m.get_untracked() else { return };
        match crate::ui::commit(&x, Op::Void { target: s.id.clone(), reason: UNDO_REASON.into() }) {
            Ok(()) => stored.set(Some(Stored { undone: true, ..s })),
            Err(e) => error.set(Some(e)),
        }
    };
    let line_id = format!("{}-line", ids[1]);
    let notice_id = format!("{}-notice", ids[1]);
    let undo_id = format!("{}-notice-undo", ids[1]);

    // The bar's height, given to the page as bottom padding and scroll padding (the CSS
    // variable `--bar-h` on the two elements that use it, `<html>` and `<main>`: the
    // stylesheet registers it as not inherited, so a new height restyles those two and
    // not every element of the page), measured after each paint that may change it.
    let bar = NodeRef::<leptos::html::Div>::new();
    let lang = crate::ui::ctx().lang;
    // Runs in a later frame: by then a commit may have taken the bar down (the game won,
    // the form gone), so nothing here may assume it is still there.
    let measure = move || {
        if let Some(b) = bar.try_get_untracked().flatten() {
            let style = format!("--bar-h: {}px", b.offset_height());
            for el in bar_padded() {
                if el.get_attribute("style").as_deref() != Some(style.as_str()) {
                    let _ = el.set_attribute("style", &style);
                }
            }
        }
    };
    Effect::new(move |_| {
        line.track();
        error.track();
        stored.track();
        editing.track();
        lang.track();
        request_animation_frame(measure);
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || {
        resize.remove();
        for el in bar_padded() {
            let _ = el.remove_attribute("style");
        }
    });

    view! {
        <div class="commit-bar" node_ref=bar>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id=ids[0]>
                                {e}
                            </div>
                        }
                    })
            }}
            {move || {
                stored
                    .get()
                    .map(|s| {
                        let key = match (s.undone, s.corrected) {
                            (true, _) => "bar.undone",
                            (false, true) => "bar.corrected",
                            (false, false) => "bar.recorded",
                        };
                        let text = t(key).replace("{hand}", &s.name);
                        view! {
                            <div class="bar-notice" id=notice_id.clone() role="status" data-entry=s.id.clone()>
                                <span>{format!("✔ {text}")}</span>
                                {(!s.undone)
                                    .then(|| {
                                        view! {
                                            <button
                                                class="btn"
                                                id=undo_id.clone()
                                                on:click=undo
                                                on:keydown=no_key_repeat
                                            >
                                                {tx("bar.undo")}
                                            </button>
                                        }
                                    })}
                            </div>
                        }
                    })
            }}
            <div class="bar-row">
                <p
                    class=move || match line.get() {
                        BarLine::Hint(_) => "bar-line muted",
                        BarLine::Verdict(_) => "bar-line verdict",
                        BarLine::Refusal(_) => "bar-line field-error",
                    }
                    id=line_id
                    aria-live="polite"
                >
                    {move || match line.get() {
                        BarLine::Hint(s) | BarLine::Verdict(s) | BarLine::Refusal(s) => s,
                    }}
                </p>
                <button
                    class="btn primary big"
                    id=ids[1]
                    disabled=move || disabled.get()
                    on:click=press
                    on:keydown=no_key_repeat
                >
                    {move || if editing.get() { t("entry.save_edit") } else { t(label) }}
                </button>
                <Show when=move || editing.get()>
                    <button class="btn" id=cancel_id on:click=move |_| on_cancel()>
                        {tx("common.cancel")}
                    </button>
                </Show>
            </div>
        </div>
    }
}

/// The elements that read the entry bar's height (`--bar-h`): `<html>` (scroll padding)
/// and `<main>` (bottom padding).
fn bar_padded() -> impl Iterator<Item = web_sys::Element> {
    let d = document();
    d.document_element().into_iter().chain(d.query_selector("main").ok().flatten())
}
