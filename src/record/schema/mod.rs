//! The one versioned JSON schema for localStorage and export, its migrations, and the
//! validation every import (and every stored value read back) goes through.
//!
//! A document is `{"schema_version": N, "app": "referee", "kind": "match" | "export",
//! …}`: a stored match is `{…, "kind": "match", "match": Match}`, an export
//! `{…, "kind": "export", "exported_ms": f64, "matches": [Match]}`. Reading is:
//! size limit → JSON (no key twice in one object) → envelope → [`migrate`] → typed parse
//! (errors carry the field path) → semantic checks (ids, targets, every hand replays).
//! Nothing is changed on error.

use super::{Entry, HandInput, Match, Op, Setup};
use crate::rules::shengji;
use crate::rules::Arg;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::fmt;

mod document;
mod error;
mod merge;
mod migrate;
mod parse;
mod validate;

pub use document::*;
pub use error::*;
pub use merge::*;
pub use migrate::*;
pub use parse::*;
pub use validate::*;

/// The schema version written by this build. Version 2 stores the newest entries of a match
/// under a second key ([`Tail`]); version 3 (this build) adds the entry a hand follows
/// ([`super::Entry::after`]); documents are unchanged otherwise.
pub const SCHEMA_VERSION: u32 = 3;
/// The `app` marker of every document.
pub const APP_ID: &str = "referee";
/// Imports larger than this many bytes are refused before parsing.
pub const MAX_IMPORT_BYTES: usize = 8 * 1024 * 1024;
/// The longest team or player name, in characters.
pub const MAX_NAME: usize = 60;
/// The longest match title, referee name or sign-off text, in characters.
pub const MAX_TITLE: usize = 200;
/// The longest free text anywhere in a set-up or an entry, in characters (preset names,
/// sources and notes, penalty and ruling notes, reasons …); names and titles have their own,
/// shorter limits.
pub const MAX_TEXT: usize = 500;

/// The bytes of a file to import as text: UTF-8 with no replacement character put in for
/// bad bytes (a file that is not UTF-8 is refused, not read as "���王强"); a leading
/// byte-order mark is dropped, as a browser's decoder does. `Err`: the byte offset of the
/// first byte that is not valid UTF-8 (counted in the file, the mark included).
pub fn import_utf8(bytes: Vec<u8>) -> Result<String, usize> {
    let bom = if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    match String::from_utf8(bytes) {
        Ok(mut s) => {
            s.drain(..bom);
            Ok(s)
        }
        Err(e) => Err(e.utf8_error().valid_up_to()),
    }
}

/// Longest elapsed time a clock entry may record, ms (30 days: a clock is a match's).
pub const MAX_ELAPSED_MS: f64 = 30.0 * 86_400_000.0;

#[cfg(test)]
mod tests;
