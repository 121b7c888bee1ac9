//! One commit per intent: the entry form's touched state and its commit button.

use super::mono_ms;
use crate::ui::intent::{Intent, Press};
use crate::ui::t;
use leptos::prelude::*;

/// One commit per intent ([`crate::ui::intent`]), shared by every game page: the page's entry
/// form reports the referee's touches (`on:click`/`on:input`/`on:change` of its container
/// through [`FormIntent::watch`], or [`FormIntent::touch`] where a tap is not a button —
/// a point of the 五子棋 board), and its commit button runs through [`FormIntent::commit`],
/// which stores at most one entry per touch: a repeated press (a double tap, two taps in
/// 120 ms) does nothing, and an untouched form (blank after a commit, or never touched)
/// is committed only if the referee confirms the browser's question.
#[derive(Clone, Copy)]
pub struct FormIntent(StoredValue<Intent>, RwSignal<bool>, StoredValue<crate::ui::draft::Slot>);

impl FormIntent {
    pub fn new() -> FormIntent {
        FormIntent(StoredValue::new(Intent::default()), RwSignal::new(false), StoredValue::new(Default::default()))
    }
    /// The form's draft slot ([`crate::ui::draft::keep_draft`]).
    pub(in crate::ui) fn slot(self) -> StoredValue<crate::ui::draft::Slot> {
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
    /// of [`crate::ui::draft`] follows it).
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
            self.2.try_update_value(crate::ui::draft::Slot::remove);
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
    /// [`crate::ui::commit`]), run at most once per intent: it returns whether an entry was
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
        let kept = self.2.try_update_value(crate::ui::draft::Slot::take).flatten();
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
