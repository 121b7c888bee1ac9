//! Editing a stored hand: whether it still counts, its version in force, and leaving
//! edit mode when it is gone or was corrected meanwhile.

use super::FormIntent;
use crate::record::{Match, Op};
use crate::ui::t;
use leptos::prelude::*;
use std::sync::Arc;

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
///   it at the top of the screen ([`crate::ui::notify`]). What the referee had typed is not
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
    let notice = crate::ui::ctx().notice;
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
                    crate::ui::notify_with(
                        format!("{text}{}", t("entry.edit_gone_kept")),
                        Some((t("entry.edit_put_back").to_string(), put_back)),
                    );
                }
                None => crate::ui::notify(text),
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
