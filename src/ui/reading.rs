//! Reading the stored matches, split out of the main module in a release build: the parse,
//! migration, validation and replay code is fetched the first time the matches are read
//! (after the home list's first paint), so the home screen is usable before it is loaded.
//! A debug build (the browser tests, `trunk serve`) is not split: these are plain async
//! functions there. No event handlers or JS closures inside (those stay in the callers).

use super::{home, Ctx};
use leptos::prelude::*;

thread_local! {
    /// The app's owner ([`keep_owner`]): the games' summaries read the context.
    static OWNER: std::cell::RefCell<Option<Owner>> = const { std::cell::RefCell::new(None) };
    /// Whether [`install_summarizer`] ran.
    static SUMMARIZER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps the current owner (the app's) for the summarizer ([`install_summarizer`]).
pub(super) fn keep_owner() {
    OWNER.with(|o| *o.borrow_mut() = Owner::current());
}

/// Sets the index rows' and the home list's summary line ([`crate::store::set_summarizer`]:
/// [`home::summary`] in the language in force, under the app's owner), once. Called by
/// whatever reads the matches, before it reads them.
pub(super) fn install_summarizer(c: Ctx) {
    if SUMMARIZER.with(|s| s.replace(true)) {
        return;
    }
    let Some(owner) = OWNER.with(|o| o.borrow().clone()) else { return };
    // None (the row is written without one, and made again) until the language's strings
    // are at hand: a summary words the games' texts.
    let f = move |m: &crate::record::Match| {
        owner.with(|| {
            untrack(|| {
                let lang = c.lang.get();
                crate::i18n::installed(lang).then(|| (lang.code().to_string(), home::summary(m)))
            })
        })
    };
    crate::store::set_summarizer(Some(std::rc::Rc::new(f)));
}

// Each of these first waits for the strings of the language in force
// ([`super::strings_ready`]): reading the matches words their summaries.

/// One slice of the start-up reading ([`Ctx::read_slice_now`]); whether every match is read.
pub(super) async fn read_slice(c: Ctx) -> bool {
    super::strings_ready(c).await;
    slice_code(c).await
}

/// Every match read now ([`Ctx::ensure_loaded`]).
pub(super) async fn read_all(c: Ctx) {
    super::strings_ready(c).await;
    all_code(c).await
}

/// Every match read again after another tab wrote ([`Ctx::reload`]).
pub(super) async fn reload(c: Ctx) {
    super::strings_ready(c).await;
    reload_code(c).await
}

#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn slice_code(c: Ctx) -> bool {
    c.read_slice_now()
}

#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn all_code(c: Ctx) {
    c.ensure_loaded();
}

#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn reload_code(c: Ctx) {
    c.reload();
}
