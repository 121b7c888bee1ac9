//! 裁判助手 — offline referee assistant for Chinese card and board game tournaments.
//!
//! * [`rules`] — the pure rules core (no web dependencies), one module per game family,
//!   each a line-by-line reading of `shared/RULES.md`.
//! * [`record`] — the match log: append-only entries, replay into derived state, the
//!   versioned storage/export schema, migrations and import validation.
//! * [`transfer`] — a match's export sent table → desk as QR codes (fountain-coded frames).
//! * `ui`, `store`, `i18n` — the Leptos web shell (wasm32 only).

pub mod bidi;
pub mod html;
pub mod json;
pub mod record;
pub mod rules;
pub mod sort;
pub mod tournament;
pub mod transfer;

pub mod i18n;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod store;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod ui;
