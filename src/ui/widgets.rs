//! Shared widgets: the points stepper/keypad, the level chart, the entry log, countdowns.

use super::intent::{Intent, Press, Undo};
use super::{ctx, fmt_time, t, tx};
use crate::i18n::Lang;
use crate::record::sheet::{self, Pair};
use crate::record::{Match, Op};
use crate::rules::{Rank, Team};
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The end of a result sheet: the recording duties (000 §四(二)3: N/S records, E/W
/// confirms, on this device: [`Confirmations`]), then the referee signs it off (locking
/// the match; a note by the button says when E/W have not confirmed the sheet as it
/// stands — a game without pairs is signed all the same) or, once
/// locked, reopens it with a reason (logged). Empty text is refused with a message.
/// `referee` and `reason` hold what is typed (the caller owns them, so a re-render keeps
/// the text); `ids` name the referee input, the sign-off button and the reopen button;
/// `m` is the match whose sheet it is.
#[component]
pub fn SignOff(
    m: Memo<Option<Arc<Match>>>,
    locked: bool,
    referee: RwSignal<String>,
    reason: RwSignal<String>,
    ids: [&'static str; 3],
    act: impl Fn(Op) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let [referee_id, sign_id, reopen_id] = ids;
    if locked {
        view! {
            <Confirmations m=m locked=true act=act />
            <p class="badge">{tx("end.locked")}</p>
            <label class="field-label" for=format!("{reopen_id}-reason")>
                {tx("sheet.reopen_reason")}
            </label>
            <input
                id=format!("{reopen_id}-reason")
                maxlength=crate::record::schema::MAX_TEXT
                placeholder=t("sheet.reopen_reason")
                prop:value=move || reason.get()
                on:input=move |ev| reason.set(event_target_value(&ev))
            />
            <button
                class="btn danger"
                id=reopen_id
                on:click=move |_| {
                    let r = reason.get_untracked();
                    if r.trim().is_empty() {
                        super::io::alert(t("sheet.reason_needed"));
                        return;
                    }
                    act(Op::Reopen { reason: r });
                }
            >
                {tx("sheet.reopen")}
            </button>
        }
        .into_any()
    } else {
        view! {
            <Confirmations m=m locked=false act=act />
            {move || {
                m.with(|x| x.as_ref().is_some_and(|x| !sheet::sheet(x).confirmed()))
                    .then(|| {
                        view! {
                            <p class="muted" id="sheet-unconfirmed">
                                {tx("sheet.sign_unconfirmed")}
                            </p>
                        }
                    })
            }}
            <label class="field-label" for=referee_id>
                {tx("sheet.referee")}
            </label>
            <input
                id=referee_id
                maxlength=crate::record::schema::MAX_TITLE
                placeholder=t("sheet.referee")
                prop:value=move || referee.get()
                on:input=move |ev| referee.set(event_target_value(&ev))
            />
            <button
                class="btn primary"
                id=sign_id
                on:click=move |_| {
                    let r = referee.get_untracked();
                    if r.trim().is_empty() {
                        super::io::alert(t("sheet.referee_needed"));
                        return;
                    }
                    act(Op::SignOff { referee: r });
                }
            >
                {tx("sheet.sign")}
            </button>
        }
        .into_any()
    }
}

/// The recording duties of a result sheet (000 §四(二)3, [`sheet`]): the status (entered
/// / confirmed / signed), every confirmation with its pair and name, void ones marked
/// (a hand changed after it), and — unless `locked` — a name and a button for the N/S
/// recorder and for the E/W verifier, each appending an [`Op::Confirm`] of the sheet's
/// state now. An empty name is refused with a message.
#[component]
pub fn Confirmations(
    m: Memo<Option<Arc<Match>>>,
    locked: bool,
    act: impl Fn(Op) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ns = RwSignal::new(String::new());
    let ew = RwSignal::new(String::new());
    let s = Memo::new(move |_| m.with(|x| x.as_ref().map(|x| sheet::sheet(x)).unwrap_or_default()));
    let confirm = move |pair: Pair, name: RwSignal<String>| {
        let n = name.get_untracked();
        if n.trim().is_empty() {
            super::io::alert(t("sheet.name_needed"));
            return;
        }
        let state = s.with_untracked(|s| s.state.clone());
        act(Op::Confirm { pair, name: n.trim().to_string(), state });
        name.set(String::new());
    };
    let pair_label = |p: Pair| if p == Pair::Ns { t("sheet.ns_name") } else { t("sheet.ew_name") };
    let row = move |pair: Pair, name: RwSignal<String>, ids: [&'static str; 2], button: &'static str| {
        view! {
            <label class="field-label" for=ids[0]>
                {pair_label(pair)}
            </label>
            <div class="row">
                <input
                    id=ids[0]
                    maxlength=crate::record::schema::MAX_TITLE
                    placeholder=pair_label(pair)
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
                <button class="btn" id=ids[1] on:click=move |_| confirm(pair, name)>
                    {tx(button)}
                </button>
            </div>
        }
    };
    view! {
        <div class="sheet-duties" id="sheet-duties" data-status=move || s.with(|s| s.status())>
            <p class="muted">{tx("sheet.duties")}</p>
            <p class="badge" id="sheet-status">
                {move || crate::i18n::sheet_status(ctx().lang.get(), s.with(|s| s.status()))}
            </p>
            <ul id="sheet-confirmations">
                {move || {
                    s.get()
                        .confirmations
                        .into_iter()
                        .map(|c| {
                            let current = c.current;
                            view! {
                                <li class:void=!current data-pair=if c.pair == Pair::Ns { "ns" } else { "ew" }>
                                    {format!("{}: {} — ", pair_label(c.pair), c.name)}
                                    {if current { t("sheet.confirmed") } else { t("sheet.confirm_void") }}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            {(!locked)
                .then(|| {
                    view! {
                        {row(Pair::Ns, ns, ["sheet-ns-name", "sheet-ns-confirm"], "sheet.ns_confirm")}
                        {row(Pair::Ew, ew, ["sheet-ew-name", "sheet-ew-confirm"], "sheet.ew_confirm")}
                    }
                })}
        </div>
    }
}

/// Whether entry `id` of `m` is a hand that still counts: a `Hand` entry of the log that no
/// void that counts targets (corrections name their hand by this id).
pub fn hand_counts(m: &Match, id: &str) -> bool {
    m.entries.iter().any(|e| e.id == id && matches!(e.op, Op::Hand { .. })) && !m.voided().contains(id)
}

/// The version of hand `id` in force in `m`: the id of its newest correction that counts,
/// or the hand's own id (uncorrected). A correction stored meanwhile (in another tab, on
/// another device merged in) changes it.
pub fn hand_version(m: &Match, id: &str) -> String {
    let voided = m.voided();
    m.entries
        .iter()
        .rev()
        .find(|e| matches!(&e.op, Op::Correct { target, .. } if target == id) && !voided.contains(e.id.as_str()))
        .map(|e| e.id.clone())
        .unwrap_or_else(|| id.to_string())
}

/// Follows the hand being edited, for the page's commit of a correction.
///
/// * When the hand whose id is in `editing` no longer counts ([`hand_counts`]: deleted or
///   undone, in this tab or in another one, whose writes reach `m` through the `storage`
///   event), `leave` takes the form out of edit mode, `error` shows the text of key
///   `message` (the page's form message, by the commit button) and the app's notice says
///   it at the top of the screen ([`super::notify`]). What the referee had typed is not
///   lost: a page whose `leave` keeps the form says so; a page whose `leave` starts a
///   blank hand (the edited hand's order, calls or tribute are not the next hand's) offers
///   in the notice to put what was typed back, as a new hand's entry.
/// * When another correction of that hand was stored since the form loaded it, the
///   commit says so and asks before replacing it (`entry.edit_changed`); declined, nothing
///   is stored and the form stays.
///
/// Returns the check for the commit handler, which calls it first and stops when it
/// returns `true` (edit mode just left, or replacing declined).
pub fn leave_edit_when_gone(
    m: Memo<Option<Arc<Match>>>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    message: &'static str,
    intent: FormIntent,
    leave: impl Fn() + Copy + Send + Sync + 'static,
) -> impl Fn() -> bool + Copy + Send + Sync + 'static {
    // The version of the edited hand the form was loaded from: (hand id, version).
    let loaded: StoredValue<Option<(String, String)>> = StoredValue::new(None);
    // The notice's button lives as long as the page (not as long as the effect run that
    // made it), and goes with it.
    let owner = StoredValue::new(Owner::current());
    let notice = super::ctx().notice;
    on_cleanup(move || {
        if notice.with_untracked(|n| n.as_ref().is_some_and(|n| n.action.is_some())) {
            notice.set(None);
        }
    });
    let gone_check = move || {
        let Some(id) = editing.get_untracked() else { return false };
        let gone = m.with_untracked(|x| x.as_deref().is_some_and(|x| !hand_counts(x, &id)));
        if gone {
            let typed = intent.changed_untracked().then(|| intent.slot().with_value(|s| s.text())).flatten();
            leave();
            let text = t(message).to_string();
            error.set(Some(text.clone()));
            // `leave` kept the form (still changed): nothing to put back.
            match typed.filter(|_| !intent.changed_untracked()) {
                Some(draft) => {
                    let make = move || {
                        Callback::new(move |_: ()| {
                            let restore = intent.slot().with_value(|s| s.restorer());
                            if restore.is_some_and(|f| f(&draft)) {
                                editing.set(None);
                                intent.touch();
                                error.set(None);
                            }
                        })
                    };
                    let put_back = match owner.with_value(Clone::clone) {
                        Some(o) => o.with(make),
                        None => make(),
                    };
                    super::notify_with(
                        format!("{text}{}", t("entry.edit_gone_kept")),
                        Some((t("entry.edit_put_back").to_string(), put_back)),
                    );
                }
                None => super::notify(text),
            }
        }
        gone
    };
    // The match is followed only while a hand is edited (no log scan on other commits);
    // the version is taken when a hand is loaded for editing.
    Effect::new(move |_| {
        let id = editing.get();
        if let Some(id) = &id {
            let known = loaded.with_value(|l| l.as_ref().is_some_and(|(h, _)| h == id));
            if !known {
                let v = m.with_untracked(|x| x.as_deref().map(|x| hand_version(x, id)));
                loaded.set_value(v.map(|v| (id.clone(), v)));
            }
            m.track();
            gone_check();
        } else {
            loaded.set_value(None);
        }
    });
    move || {
        if gone_check() {
            return true;
        }
        let Some(id) = editing.get_untracked() else { return false };
        let now = m.with_untracked(|x| x.as_deref().map(|x| hand_version(x, &id)));
        let then = loaded.with_value(|l| l.as_ref().filter(|(h, _)| *h == id).map(|(_, v)| v.clone()));
        if let (Some(now), Some(then)) = (now, then) {
            if now != then {
                if !window().confirm_with_message(t("entry.edit_changed")).unwrap_or(false) {
                    error.set(Some(t("entry.edit_changed_kept").to_string()));
                    return true;
                }
                // Replacing it was the referee's choice: not asked again for this version.
                loaded.set_value(Some((id, now)));
            }
        }
        false
    }
}

/// When the event happened, ms on the monotonic clock of [`mono_ms`] (its `timeStamp`):
/// a tap is timed when it was made, not when a busy page got to it.
pub fn event_time(ev: &web_sys::Event) -> f64 {
    let at = ev.time_stamp();
    if at > 0.0 {
        at
    } else {
        mono_ms()
    }
}

/// Monotonic time, ms (`performance.now()`): the repeat windows of [`FormIntent`] and
/// [`UndoButton`] do not move with the device's wall clock.
pub fn mono_ms() -> f64 {
    use wasm_bindgen::JsCast;
    let perf = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok();
    let now = perf.as_ref().and_then(|p| js_sys::Reflect::get(p, &"now".into()).ok());
    match (perf, now.and_then(|f| f.dyn_into::<js_sys::Function>().ok())) {
        (Some(p), Some(f)) => f.call0(&p).ok().and_then(|v| v.as_f64()).unwrap_or_else(js_sys::Date::now),
        _ => js_sys::Date::now(),
    }
}

thread_local! {
    /// When the newest entry of this page session was stored ([`mono_ms`]).
    static STORED_AT: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
}

/// An entry was just stored ([`super::commit`]): for [`super::intent::REPEAT_MS`] no tap
/// on the page's content counts ([`install_tap_guard`]). The page re-renders on a commit —
/// the next hand's blank form, the next game's, the result sheet — so the second tap of
/// a double tap (on 确认, 下一局, 签字, a forfeit…) would otherwise press whatever button
/// came under the finger (the next hand's 进贡, a stone on the board). `<body>` carries
/// `data-cooling` meanwhile, and the stylesheet makes `<main>` ignore the pointer: the
/// tap goes nowhere, and a test driver waits for the content to take taps again.
pub fn cool_after_commit() {
    let at = mono_ms();
    STORED_AT.with(|s| s.set(Some(at)));
    let body = document().body();
    if let Some(b) = &body {
        let _ = b.set_attribute("data-cooling", "");
    }
    // A little after the window (timers may run early by a ms): the guard is the rule.
    set_timeout(
        move || {
            if STORED_AT.with(|s| s.get()) == Some(at) {
                if let Some(b) = document().body() {
                    let _ = b.remove_attribute("data-cooling");
                }
            }
        },
        std::time::Duration::from_millis(super::intent::REPEAT_MS as u64 + 20),
    );
}

/// Whether a tap handled now falls within the repeat window of the newest stored entry.
/// Timed on handling, not on the event's `timeStamp`: a tap queued while the page was
/// busy storing the entry is handled after it, hence within the window.
fn cooling() -> bool {
    STORED_AT.with(|s| s.get()).is_some_and(|at| mono_ms() - at < super::intent::REPEAT_MS)
}

/// Installs the guard of [`cool_after_commit`] for the whole app (once, in the shell): a
/// click by the referee (trusted: a tap, a mouse click, Enter or Space on a button) on
/// anything inside `<main>` within the repeat window of a stored entry is stopped before
/// any handler sees it (capture phase on the window). Every game page, every button that
/// appends an entry: one mechanism. The header and the update banner are outside `<main>`.
pub fn install_tap_guard() {
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else { return };
    let on_click = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MouseEvent)>::new(|ev: web_sys::MouseEvent| {
        if !ev.is_trusted() || !cooling() {
            return;
        }
        let inside = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("main").ok().flatten())
            .is_some();
        if inside {
            ev.prevent_default();
            ev.stop_immediate_propagation();
        }
    });
    let _ = w.add_event_listener_with_callback_and_bool("click", on_click.as_ref().unchecked_ref(), true);
    on_click.forget();
}

/// `on:keydown` of a button that writes an entry: a key held down (a repeated keydown)
/// does not press it again (Enter would click on every repeat).
pub fn no_key_repeat(ev: leptos::ev::KeyboardEvent) {
    if ev.repeat() {
        ev.prevent_default();
    }
}

/// One commit per intent ([`super::intent`]), shared by every game page: the page's entry
/// form reports the referee's touches (`on:click`/`on:input`/`on:change` of its container
/// through [`FormIntent::watch`], or [`FormIntent::touch`] where a tap is not a button —
/// a point of the 五子棋 board), and its commit button runs through [`FormIntent::commit`],
/// which stores at most one entry per touch: a repeated press (a double tap, two taps in
/// 120 ms) does nothing, and an untouched form (blank after a commit, or never touched)
/// is committed only if the referee confirms the browser's question.
#[derive(Clone, Copy)]
pub struct FormIntent(StoredValue<Intent>, RwSignal<bool>, StoredValue<super::draft::Slot>);

impl FormIntent {
    pub fn new() -> FormIntent {
        FormIntent(StoredValue::new(Intent::default()), RwSignal::new(false), StoredValue::new(Default::default()))
    }
    /// The form's draft slot ([`super::draft::keep_draft`]).
    pub(super) fn slot(self) -> StoredValue<super::draft::Slot> {
        self.2
    }
    /// The referee changed the form.
    pub fn touch(self) {
        self.0.try_update_value(Intent::touch);
        self.sync();
    }
    /// The page reset the form or loaded a hand into it: untouched again.
    pub fn fresh(self) {
        self.0.try_update_value(Intent::fresh);
        self.sync();
    }
    /// Whether the referee changed the form since it was last reset (tracked: the draft
    /// of [`super::draft`] follows it).
    pub fn changed(self) -> bool {
        self.1.try_get().unwrap_or(false)
    }
    /// [`FormIntent::changed`], untracked.
    pub fn changed_untracked(self) -> bool {
        self.1.try_get_untracked().unwrap_or(false)
    }
    /// Mirrors the intent's touched state in the signal (set only when it differs, so
    /// a tap that touches an already touched form wakes nothing).
    /// An untouched form has no draft: it is removed at once (not only by the draft's
    /// effect), so a page mounted again right after a commit finds none to restore.
    fn sync(self) {
        let touched = self.0.try_with_value(Intent::touched).unwrap_or(false);
        if self.1.try_get_untracked().is_some_and(|t| t != touched) {
            self.1.try_set(touched);
        }
        if !touched {
            self.2.try_update_value(super::draft::Slot::remove);
        }
    }
    /// A handler for the form's container (`on:click`, `on:input`, `on:change`): a typed
    /// or picked value, or a tap on one of its enabled buttons, touches the form. A
    /// button marked `data-intent="skip"` (the keypad's show/hide) does not.
    pub fn watch<E: AsRef<web_sys::Event>>(self) -> impl Fn(E) + Copy + Send + Sync + 'static {
        move |ev: E| {
            if counts_as_touch(ev.as_ref()) {
                self.touch();
            }
        }
    }
    /// A press of the commit button. `store` is the page's commit (its checks, then
    /// [`super::commit`]), run at most once per intent: it returns whether an entry was
    /// stored. For an untouched form the browser first asks whether to record what
    /// `question` describes (the text of `intent.untouched`, then that line: the preview's
    /// verdict); `question` returns `None` when the form cannot be committed as it stands
    /// (then nothing is asked: `store` refuses it with the page's own message).
    ///
    /// `at`: when the press happened ([`event_time`] of its click).
    pub fn commit(self, at: f64, question: impl FnOnce() -> Option<String>, store: impl FnOnce() -> bool) {
        let g = match self.0.try_update_value(|s| s.press(at)) {
            None | Some(Press::Ignore) => return,
            Some(Press::Commit(g)) => g,
            Some(Press::Ask(g)) => {
                if let Some(line) = question() {
                    let text = format!("{}\n{line}", t("intent.untouched"));
                    if !window().confirm_with_message(&text).unwrap_or(false) {
                        self.0.try_update_value(|s| s.finish(g, false, mono_ms()));
                        self.sync();
                        return;
                    }
                }
                g
            }
        };
        // The draft is set aside while the entry is stored (a page that re-renders on the
        // commit must not restore the hand just recorded), and put back if nothing was.
        let kept = self.2.try_update_value(super::draft::Slot::take).flatten();
        let stored = store();
        if !stored {
            self.2.try_update_value(|s| s.put_back(kept));
        }
        self.0.try_update_value(|s| s.finish(g, stored, mono_ms()));
        self.sync();
    }
}

impl Default for FormIntent {
    fn default() -> Self {
        FormIntent::new()
    }
}

/// Whether a DOM event inside an entry form is the referee touching it.
fn counts_as_touch(ev: &web_sys::Event) -> bool {
    use wasm_bindgen::JsCast;
    match ev.type_().as_str() {
        "input" | "change" => true,
        "click" => {
            let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return false };
            let button = el.closest("button:not([disabled])").ok().flatten();
            button.is_some_and(|b| b.get_attribute("data-intent").as_deref() != Some("skip"))
        }
        _ => false,
    }
}

/// 撤销 (undo), shared by every game page: it names the entry it will void (`data-target`,
/// the match's undo target when the button was rendered) and voids that entry once; a
/// press repeated (a double tap, a press that arrives before the previous undo is shown)
/// voids nothing more ([`super::intent::Undo`]). `before` runs before a void (五子棋: the
/// pending stone is dropped); a void that could not be saved is said by `on_error`
/// (default: an alert).
#[component]
pub fn UndoButton(
    m: Memo<Option<Arc<Match>>>,
    #[prop(into)] locked: Signal<bool>,
    id: &'static str,
    #[prop(optional)] before: Option<Callback<()>>,
    #[prop(optional)] on_error: Option<Callback<String>>,
) -> impl IntoView {
    let guard = StoredValue::new(Undo::default());
    let target = Memo::new(move |_| m.with(|x| x.as_deref().and_then(|x| x.undo_target()).map(|e| e.id.clone())));
    let el = NodeRef::<leptos::html::Button>::new();
    let press = move |ev: leptos::ev::MouseEvent| {
        let at = event_time(&ev);
        let named = el.get_untracked().and_then(|b| b.get_attribute("data-target"));
        let current = m.with_untracked(|x| x.as_deref().and_then(|x| x.undo_target()).map(|e| e.id.clone()));
        let Some(target) = guard.try_update_value(|g| g.press(named.as_deref(), current.as_deref(), at)).flatten()
        else {
            return;
        };
        if let Some(f) = before {
            f.run(());
        }
        let voided = match m.get_untracked() {
            Some(x) => {
                match super::commit(&x, Op::Void { target: target.clone(), reason: crate::record::UNDO_REASON.into() })
                {
                    Ok(()) => true,
                    Err(e) => {
                        match on_error {
                            Some(f) => f.run(e),
                            None => super::io::alert(&e),
                        }
                        false
                    }
                }
            }
            None => false,
        };
        guard.try_update_value(|g| g.finish(&target, voided, mono_ms()));
    };
    view! {
        <button
            class="btn"
            id=id
            node_ref=el
            data-target=move || target.get()
            disabled=move || locked.get() || target.with(Option::is_none)
            on:click=press
            on:keydown=no_key_repeat
        >
            {tx("hist.undo")}
            {move || {
                target
                    .get()
                    .and_then(|id| m.with(|x| x.as_deref().and_then(|x| crate::ui::parts::entry_label(x, &id))))
                    .map(|n| view! { <span class="undo-target">{format!(" · {n}")}</span> })
            }}
        </button>
    }
}

/// The raw log of a match, one line per entry (time · what), voided entries struck
/// through; built while the list is open. `describe` names an entry (default: the op's
/// name, [`crate::i18n::op_name`]); a game page passes its own to add detail.
#[component]
pub fn EntryLog(
    m: Memo<Option<Arc<Match>>>,
    #[prop(optional)] describe: Option<fn(Lang, &Op) -> String>,
) -> impl IntoView {
    let lang = ctx().lang;
    let open = RwSignal::new(false);
    let describe = describe.unwrap_or(|l, op| crate::i18n::op_name(l, op).to_string());
    view! {
        <details class="log" on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
            <summary>{tx("log.title")}</summary>
            <ol>
                {move || {
                    if !open.get() {
                        return None;
                    }
                    let l = lang.get();
                    m.get()
                        .map(|x| {
                            let voided = x.voided();
                            x.entries
                                .iter()
                                .map(|e| {
                                    let hand = match &e.op {
                                        Op::Hand { .. } | Op::Correct { .. } => {
                                            crate::ui::parts::entry_label(&x, &e.id)
                                                .filter(|n| n != crate::i18n::op_name(l, &e.op))
                                                .map(|n| format!(" · {n}"))
                                        }
                                        _ => None,
                                    };
                                    // Hands and corrections carry the hand's number as the page numbers it.
                                    view! {
                                        <li class:voided=voided
                                            .contains(
                                                e.id.as_str(),
                                            )>{fmt_time(e.at_ms)}" · "{describe(l, &e.op)}{hand}</li>
                                    }
                                })
                                .collect_view()
                        })
                }}
            </ol>
        </details>
    }
}

/// Points entry without a keyboard: ±5/±10/±20 steps and a 0–200 keypad in steps of 5.
/// `value` is always a valid score; typed input outside 0–200 or off the 5-step is refused
/// with a message and the old value kept.
#[component]
pub fn PointsInput(value: RwSignal<i32>, #[prop(into)] id: String) -> impl IntoView {
    let msg: RwSignal<Option<String>> = RwSignal::new(None);
    let keypad = RwSignal::new(false);
    let step = move |d: i32| {
        value.update(|v| *v = (*v + d).clamp(0, 200));
        msg.set(None);
    };
    let typed = move |ev: leptos::ev::Event| {
        let s = event_target_value(&ev);
        match s.trim().parse::<i32>() {
            Ok(n) if (0..=200).contains(&n) && n % 5 == 0 => {
                value.set(n);
                msg.set(None);
            }
            _ => msg.set(Some(format!("“{s}”: {}", t("entry.points_invalid")))),
        }
    };
    // While typing, a complete valid score goes to `value` at once, so the verdict beside
    // the commit button follows the keys; anything else waits for the change (blur, Enter)
    // to be refused with its message.
    let typing = move |ev: leptos::ev::Event| {
        if let Ok(n) = event_target_value(&ev).trim().parse::<i32>() {
            if (0..=200).contains(&n) && n % 5 == 0 && n != value.get_untracked() {
                value.set(n);
                msg.set(None);
            }
        }
    };
    let input_id = id.clone();
    view! {
        <div class="points">
            <div class="stepper">
                <button class="btn step" on:click=move |_| step(-20)>
                    "−20"
                </button>
                <button class="btn step" on:click=move |_| step(-10)>
                    "−10"
                </button>
                <button class="btn step" on:click=move |_| step(-5)>
                    "−5"
                </button>
                <input
                    id=input_id
                    class="points-value"
                    inputmode="numeric"
                    prop:value=move || value.get().to_string()
                    on:input=typing
                    on:change=typed
                    aria-label=tx("entry.points")
                />
                <button class="btn step" on:click=move |_| step(5)>
                    "+5"
                </button>
                <button class="btn step" on:click=move |_| step(10)>
                    "+10"
                </button>
                <button class="btn step" on:click=move |_| step(20)>
                    "+20"
                </button>
            </div>
            <button class="btn link" data-intent="skip" on:click=move |_| keypad.update(|k| *k = !*k)>
                {tx("entry.keypad")}
            </button>
            <Show when=move || keypad.get()>
                <div class="keypad">
                    {(0..=40)
                        .map(|i| {
                            let n = i * 5;
                            view! {
                                <button
                                    class="btn key"
                                    class:selected=move || value.get() == n
                                    on:click=move |_| {
                                        value.set(n);
                                        msg.set(None);
                                        keypad.set(false);
                                    }
                                >
                                    {n}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </Show>
            {move || {
                msg.get()
                    .map(|m| {
                        view! {
                            <p class="field-error" role="alert">
                                {m}
                            </p>
                        }
                    })
            }}
        </div>
    }
}

/// Level progression chart: one polyline per team, hand number on the x-axis, levels
/// 2…A on the y-axis. Inline SVG sized by its container.
#[component]
pub fn LevelChart(
    /// Levels `[team A, team B]` after each hand; index 0 = start.
    series: Signal<Vec<[Rank; 2]>>,
    names: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    const W: f64 = 320.0;
    const H: f64 = 180.0;
    const L: f64 = 26.0;
    const B: f64 = 18.0;
    // Computed once per change (the caller's signal is derived), compared cheaply.
    let s = Memo::new(move |_| series.get());
    let n = Memo::new(move |_| s.with(|s| s.len().max(2) - 1));
    let x = move |i: usize, n: usize| L + (W - L - 6.0) * i as f64 / n as f64;
    let y = |r: Rank| 6.0 + (H - B - 12.0) * (12.0 - r.index() as f64) / 12.0;
    // At most one point per horizontal unit (a 1,000-hand match would draw 1,000 points on
    // a 320-unit chart); whole units, written without float formatting.
    let line = move |team: Team| {
        s.with(|s| {
            use std::fmt::Write;
            let n = s.len().max(2) - 1;
            let step = s.len().div_ceil(W as usize).max(1);
            let mut out = String::with_capacity(s.len().min(W as usize) * 8);
            let mut put = |i: usize| {
                let r = s[i][if team == Team::A { 0 } else { 1 }];
                let _ = write!(out, "{},{} ", x(i, n).round() as i32, y(r).round() as i32);
            };
            for i in (0..s.len()).step_by(step) {
                put(i);
            }
            if !s.is_empty() && (s.len() - 1) % step != 0 {
                put(s.len() - 1);
            }
            out
        })
    };
    let grid = Rank::all()
        .filter(|r| r.index() % 3 == 0 || *r == Rank::ACE)
        .map(|r| {
            view! {
                <g>
                    <line x1=L y1=y(r) x2=W y2=y(r) class="grid" />
                    <text x=2 y=y(r) + 4.0 class="axis">
                        {r.name()}
                    </text>
                </g>
            }
        })
        .collect_view();
    view! {
        <figure class="chart">
            <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label=tx("chart.title")>
                {grid}
                // Hand-number ticks: every hand up to 12, else every n/6-th. Thirteen fixed
                // slots whose position and text follow n (a new hand moves them; rebuilding
                // the elements would remove and set all their attributes again).
                {(0..=12usize)
                    .map(|k| {
                        let tick = Memo::new(move |_| {
                            let n = n.get();
                            let i = if n <= 12 { k } else { k * (n / 6).max(1) };
                            let width = 6.0 * i.to_string().len() as f64;
                            (i <= n).then(|| (i, (x(i, n) - 3.0).min(W - 1.0 - width).round() as i32))
                        });
                        let label = Memo::new(move |_| tick.get().map(|t| t.0));
                        // Kept inside the chart: a label near the right edge ends at it.
                        view! {
                            <text
                                x=move || tick.get().map(|t| t.1).unwrap_or(0)
                                y=H - 4.0
                                class="axis"
                                visibility=move || if label.get().is_some() { "visible" } else { "hidden" }
                            >
                                {move || label.get().map(|i| i.to_string()).unwrap_or_default()}
                            </text>
                        }
                    })
                    .collect_view()}
                <polyline points=move || line(Team::A) class="team-a" fill="none" />
                <polyline points=move || line(Team::B) class="team-b" fill="none" />
            </svg>
            <figcaption>
                <span class="key team-a">
                    "━ "{move || names.with(|nm| nm.get(&Team::A).cloned().unwrap_or_default())}
                </span>
                <span class="key team-b">
                    "━ "{move || names.with(|nm| nm.get(&Team::B).cloned().unwrap_or_default())}
                </span>
                <span class="muted">" · "{tx("chart.x")}</span>
            </figcaption>
        </figure>
    }
}

/// A counter that follows `source` one frame late: each time `source` notifies, the
/// counter is bumped once after the next frame is drawn (an animation frame, then a
/// `setTimeout` of 0; several changes before then are bumped once).
///
/// Parts of a page that are not what the referee looks at after a tap (the history
/// list, the level chart) track this counter instead of the view and read the view
/// untracked, so a commit paints the scoreboard and the preview first and those parts
/// one frame later (commit → paint). They always read the newest view.
pub fn after_paint(source: impl Track + Send + Sync + 'static) -> ReadSignal<u64> {
    let (tick, set_tick) = signal(0u64);
    let pending = StoredValue::new(false);
    let first = StoredValue::new(true);
    Effect::new(move |_| {
        source.track();
        // The first run is the page being built: it already shows the current view.
        if first.get_value() {
            first.set_value(false);
            return;
        }
        if pending.get_value() {
            return;
        }
        pending.set_value(true);
        after_next_paint(move || {
            // The page may have gone meanwhile (try_: nothing to do then).
            pending.try_set_value(false);
            set_tick.try_update(|n| *n += 1);
        });
    });
    tick
}

/// Drops `value` after the next frame is drawn, so that freeing a large structure (a
/// 1,000-hand view or match) is not on the path from a tap to the next frame.
pub fn drop_later<T: 'static>(value: T) {
    after_next_paint(move || drop(value));
}

/// Work to run after the next paint.
type AfterPaint = Box<dyn FnOnce()>;

thread_local! {
    /// Work waiting for the next frame to be drawn; `Some` while a frame is awaited.
    static AFTER_PAINT: std::cell::RefCell<Option<Vec<AfterPaint>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` after the next frame is drawn (an animation frame, then a `setTimeout` of 0).
/// Everything queued before that frame shares one animation-frame request (each request
/// costs a closure handed to JS, which shows on a commit).
pub fn after_next_paint(f: impl FnOnce() + 'static) {
    let first = AFTER_PAINT.with(|q| {
        let mut q = q.borrow_mut();
        let first = q.is_none();
        q.get_or_insert_with(Vec::new).push(Box::new(f));
        first
    });
    if first {
        request_animation_frame(move || {
            set_timeout(
                move || {
                    for f in AFTER_PAINT.with(|q| q.borrow_mut().take()).unwrap_or_default() {
                        f();
                    }
                },
                std::time::Duration::ZERO,
            )
        });
    }
}

/// Formats ms as `h:mm:ss` or `m:ss`.
pub fn fmt_duration(ms: f64) -> String {
    let s = (ms.max(0.0) / 1000.0).floor() as u64;
    let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else {
        format!("{m}:{sec:02}")
    }
}

/// A time limit was reached (a match or round clock, a bury/play countdown): a beep and a
/// vibration of `ms`, each as the settings say (`alarm_sound`, `alarm_vibrate`).
pub fn alarm(ms: u32) {
    let s = crate::store::settings();
    if s.alarm_vibrate {
        vibrate(ms);
    }
    if s.alarm_sound {
        beep();
    }
}

/// Two short tones of 880 Hz through Web Audio, where the page may play sound (a page the
/// referee has tapped on); nothing otherwise.
fn beep() {
    thread_local! {
        static AUDIO: std::cell::OnceCell<Option<web_sys::AudioContext>> = const { std::cell::OnceCell::new() };
    }
    let Some(ctx) = AUDIO.with(|a| a.get_or_init(|| web_sys::AudioContext::new().ok()).clone()) else { return };
    let _ = ctx.resume();
    let t0 = ctx.current_time();
    for start in [0.0, 0.3] {
        let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else { return };
        osc.frequency().set_value(880.0);
        let g = gain.gain();
        g.set_value(0.0);
        let _ = g.set_value_at_time(0.3, t0 + start);
        let _ = g.set_value_at_time(0.0, t0 + start + 0.2);
        let _ = osc.connect_with_audio_node(&gain);
        let _ = gain.connect_with_audio_node(&ctx.destination());
        let _ = osc.start_with_when(t0 + start);
        let _ = osc.stop_with_when(t0 + start + 0.25);
    }
}

/// Vibrates where supported (`navigator.vibrate`).
pub fn vibrate(ms: u32) {
    let nav = window().navigator();
    if js_sys::Reflect::has(&nav, &"vibrate".into()).unwrap_or(false) {
        let _ = nav.vibrate_with_duration(ms);
    }
}
