//! Drafts: every game page's half-entered form is kept in the tab's `sessionStorage`
//! while the referee has touched it, so that a reload, an update (which reloads the
//! page) and back/forward bring it back as it was; and leaving a page whose form the
//! referee changed asks first (an in-app link: the app's own question; closing or
//! reloading the tab: the browser's).
//!
//! One mechanism for every page ([`keep_draft`]): a page names its draft (`page`, the
//! match id; the ruling panel of any game page keeps its own, `ruling`; the event page's entrants tab keeps its text typed and not saved as `entrants`, under the event id), says how to read its form as a serde value and how to put such a value
//! back. "Changed" is [`FormIntent`]'s touched state: a draft exists exactly while the
//! form was touched since its last reset (a commit, a cancelled edit, a hand loaded for
//! editing) — so a committed hand leaves no draft, and a restored draft counts as the
//! referee's own uncommitted entry (touched: it commits without the untouched-form
//! question, and leaving asks).
//!
//! `sessionStorage` is per tab: two tabs on one match keep their own drafts, and a
//! draft never reaches the stored record or an export.

use super::widgets::FormIntent;
use leptos::prelude::*;
use serde::{de::DeserializeOwned, Serialize};
use std::cell::{Cell, RefCell};

/// The `sessionStorage` key of page `page`'s draft for match `match_id`.
fn key(page: &str, match_id: &str) -> String {
    format!("referee-draft:{page}:{match_id}")
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Puts a draft's text back into the form (false: it no longer reads as the form's).
type Restore = std::sync::Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// Where a form's draft is kept, held by its [`FormIntent`]: the key (once
/// [`keep_draft`] named it), the text last written, and how to put such a text back.
#[derive(Default)]
pub struct Slot {
    key: Option<String>,
    text: Option<String>,
    restore: Option<Restore>,
}

impl Slot {
    /// Writes `text` as the draft.
    fn write(&mut self, text: String) {
        if let (Some(k), Some(s)) = (&self.key, session()) {
            let _ = s.set_item(k, &text);
        }
        self.text = Some(text);
    }
    /// Removes the draft (the form is untouched).
    pub fn remove(&mut self) {
        if self.text.take().is_some() {
            if let (Some(k), Some(s)) = (&self.key, session()) {
                let _ = s.remove_item(k);
            }
        }
    }
    /// Removes the draft and returns its text (a commit in progress).
    pub fn take(&mut self) -> Option<String> {
        let text = self.text.clone();
        self.remove();
        text
    }
    /// Writes back a draft [`Slot::take`] returned (the commit stored nothing).
    pub fn put_back(&mut self, text: Option<String>) {
        if let Some(t) = text {
            self.write(t);
        }
    }
    /// The draft's text as last written (the form as the referee left it).
    pub fn text(&self) -> Option<String> {
        self.text.clone()
    }
    /// How to put a text of [`Slot::text`] back into the form (`None` before
    /// [`keep_draft`]).
    pub fn restorer(&self) -> Option<Restore> {
        self.restore.clone()
    }
}

/// Keeps the draft of one page's entry form. At mount, a draft kept for (`page`,
/// `match_id`) is read and handed to `restore` (which puts it in the form), and the form
/// counts as touched; from then on, while `intent` says the form is touched, every change
/// of what `read` returns (tracked) is written to the draft, and when the form is reset
/// the draft is removed. A draft that no longer reads as `T` (an older build's form) is
/// dropped: it was never part of the record. Storage failures are ignored (a draft is a
/// convenience; the record's own writes report theirs).
///
/// The form also guards leaving the page ([`form_changed`]) while it is mounted.
/// Returns whether a draft was restored.
pub fn keep_draft<T>(
    page: &'static str,
    match_id: &str,
    intent: FormIntent,
    read: impl Fn() -> T + Send + Sync + 'static,
    restore: impl Fn(T) + Send + Sync + 'static,
) -> bool
where
    T: Serialize + DeserializeOwned + 'static,
{
    let key = key(page, match_id);
    let kept = session().and_then(|s| s.get_item(&key).ok().flatten());
    let slot = intent.slot();
    let restored = kept.as_deref().and_then(|text| crate::json::from_str::<T>(text).ok());
    let had = restored.is_some();
    if let Some(d) = restored {
        restore(d);
        intent.touch();
    }
    let restore: Restore = std::sync::Arc::new(move |text: &str| match crate::json::from_str::<T>(text) {
        Ok(d) => {
            restore(d);
            true
        }
        Err(_) => false,
    });
    // The slot is named after the restore (whose reset of the form would remove it).
    slot.update_value(|s| {
        s.key = Some(key);
        s.text = kept;
        s.restore = Some(restore);
        if !had {
            // Unreadable, or none.
            s.remove();
        }
    });
    Effect::new(move |_| {
        let draft = read();
        if intent.changed() {
            if let Ok(text) = crate::json::to_string(&draft) {
                slot.try_update_value(|s| s.write(text));
            }
        } else {
            slot.try_update_value(Slot::remove);
        }
    });
    guard(intent);
    had
}

thread_local! {
    /// The entry forms mounted now, by a number of their own.
    static GUARDS: RefCell<Vec<(u64, FormIntent)>> = const { RefCell::new(Vec::new()) };
    static NEXT: Cell<u64> = const { Cell::new(0) };
    /// Set while the app itself reloads the page (applying an update): the draft is kept,
    /// so the browser's question would only be in the way.
    static RELOADING: Cell<bool> = const { Cell::new(false) };
}

/// Registers `intent`'s form as mounted until the current reactive owner is cleaned up.
fn guard(intent: FormIntent) {
    let id = NEXT.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    GUARDS.with(|g| g.borrow_mut().push((id, intent)));
    on_cleanup(move || GUARDS.with(|g| g.borrow_mut().retain(|(i, _)| *i != id)));
}

/// Whether a mounted entry form was changed by the referee and not committed. A page may
/// mount more than one (a game page's hand form and its ruling panel, each with its own
/// [`FormIntent`] and draft): the page counts as changed while any of them is, so a
/// commit or reset of one never silences the other's question.
pub fn form_changed() -> bool {
    GUARDS.with(|g| g.borrow().iter().any(|(_, i)| i.changed_untracked()))
}

/// The app is about to reload the page itself (an update, `true`): no leave question;
/// `false` when it turned out not to (no update was waiting).
pub fn reloading(on: bool) {
    RELOADING.with(|r| r.set(on));
}

/// Installs the leave questions for the whole app (once, in the shell):
/// * a tap on an in-app link to another page while a form is changed asks
///   (`draft.leave`); declined, the tap does nothing (the link is not followed);
/// * closing or reloading the tab while a form is changed lets the browser ask
///   (`beforeunload`), except while the app applies an update ([`reloading`]).
///
/// Back/forward cannot be stopped by a page; the draft brings the form back when the
/// referee returns.
pub fn install_leave_questions() {
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else { return };
    let on_click = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MouseEvent)>::new(|ev: web_sys::MouseEvent| {
        if ev.default_prevented() || ev.button() != 0 || ev.meta_key() || ev.ctrl_key() || ev.shift_key() {
            return;
        }
        let Some(a) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("a[href]").ok().flatten())
            .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        else {
            return;
        };
        let Some(loc) = web_sys::window().map(|w| w.location()) else { return };
        let same_origin = a.origin() == loc.origin().unwrap_or_default();
        let other_page = a.pathname() != loc.pathname().unwrap_or_default();
        if !same_origin || !other_page || a.has_attribute("download") || !form_changed() {
            return;
        }
        let ok = web_sys::window().and_then(|w| w.confirm_with_message(super::t("draft.leave")).ok()).unwrap_or(true);
        if !ok {
            ev.prevent_default();
            ev.stop_immediate_propagation();
        }
    });
    // Capture phase on the window: before the router's own click handler.
    let _ = w.add_event_listener_with_callback_and_bool("click", on_click.as_ref().unchecked_ref(), true);
    on_click.forget();
    let on_unload =
        wasm_bindgen::closure::Closure::<dyn Fn(web_sys::BeforeUnloadEvent)>::new(|ev: web_sys::BeforeUnloadEvent| {
            if !RELOADING.with(Cell::get) && form_changed() {
                ev.prevent_default();
                ev.set_return_value("");
            }
        });
    let _ = w.add_event_listener_with_callback("beforeunload", on_unload.as_ref().unchecked_ref());
    on_unload.forget();
}
