//! The home list's index: one small stored row per match (`referee.index.<id>`, written by
//! `store` right after the match's own value), so that the list of every stored match is
//! shown without parsing, validating and replaying each log first.
//!
//! A row is a cache, never the truth: it carries a [`Fingerprint`] of the stored value it
//! was made from (the lengths of the match's value and of its tail), and a row whose
//! fingerprint, format version, schema version or language does not match what is stored
//! now is *stale* ([`Row::fresh`]) and is made again from the match itself. Every match
//! is still read and validated in full after the list is shown, and its row made again
//! where it differs.

use super::{Match, SCHEMA_VERSION};
use serde::{Deserialize, Serialize};

/// Version of the row format; a row of another version is stale. 2: summaries isolate
/// the names in them ([`crate::bidi`]), so rows written before are made again.
pub const INDEX_VERSION: u32 = 2;

/// What identifies the stored state of one match: the lengths of its value and, if one is
/// stored, of its tail, in UTF-16 code units (what the page reads without copying the
/// values). Every write of this app changes them — entries are only ever appended, and
/// folding the tail into the value makes the value longer —, so a row written for an
/// earlier state does not match; a change that keeps both lengths (an edit by hand) is
/// found when the match is read in full after the list is shown. Written as text:
/// `<value length>` then `+<tail length>` (nothing without a tail).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Fingerprint(pub String);

impl Fingerprint {
    /// The fingerprint of a stored value of `head` code units and a tail of `tail`.
    pub fn new(head: usize, tail: Option<usize>) -> Fingerprint {
        match tail {
            Some(t) => Fingerprint(format!("{head}+{t}")),
            None => Fingerprint(head.to_string()),
        }
    }

    /// The fingerprint of the stored texts.
    pub fn of(head: &str, tail: Option<&str>) -> Fingerprint {
        let units = |s: &str| s.encode_utf16().count();
        Fingerprint::new(units(head), tail.map(units))
    }
}

/// One match's line of the home list, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// [`INDEX_VERSION`] of the writer.
    pub v: u32,
    /// [`SCHEMA_VERSION`] of the writer (a row from another version is stale: that build
    /// may read, validate or summarize the match otherwise).
    pub schema: u32,
    /// The match id.
    pub id: String,
    /// The game ([`super::Setup::game`]).
    pub game: String,
    /// The match title (may be empty).
    pub title: String,
    /// The list's second line (teams or players, score or levels, hands: the game page's
    /// own summary), in [`Row::lang`]; `None` when it was not known when the row was
    /// written (the row is then stale).
    pub summary: Option<String>,
    /// Language code of `summary` (`zh-CN`, `zh-TW`, `en`).
    pub lang: String,
    /// Creation time, ms since the epoch.
    pub created_ms: f64,
    /// Time of the newest entry (or creation), ms since the epoch ([`Match::updated_ms`]).
    pub updated_ms: f64,
    /// Entries in the log.
    pub entries: usize,
    /// Id of the newest entry.
    pub last: Option<String>,
    /// The stored value and tail this row was made from.
    pub fp: Fingerprint,
}

impl Row {
    /// The row of `m` as stored with fingerprint `fp`; `summary` is `(language code,
    /// line)`.
    pub fn of(m: &Match, fp: Fingerprint, summary: Option<(String, String)>) -> Row {
        let (lang, summary) = match summary {
            Some((l, s)) => (l, Some(s)),
            None => (String::new(), None),
        };
        Row {
            v: INDEX_VERSION,
            schema: SCHEMA_VERSION,
            id: m.id.clone(),
            game: m.setup.game().to_string(),
            title: m.title.clone(),
            summary,
            lang,
            created_ms: m.created_ms,
            updated_ms: m.updated_ms(),
            entries: m.entries.len(),
            last: m.entries.last().map(|e| e.id.clone()),
            fp,
        }
    }

    /// A stored row; `None` when it does not read as one (a stale row, to be made again).
    pub fn parse(text: &str) -> Option<Row> {
        crate::json::from_str(text).ok()
    }

    /// The stored text of the row (compact JSON).
    pub fn to_text(&self) -> String {
        crate::json::to_string(self).expect("a row always serializes")
    }

    /// Whether this row may be shown for match `id` stored now with fingerprint `fp`, in
    /// language `lang`: same format and schema version, same id, same fingerprint, and a
    /// summary in that language.
    pub fn fresh(&self, id: &str, fp: &Fingerprint, lang: &str) -> bool {
        self.v == INDEX_VERSION
            && self.schema == SCHEMA_VERSION
            && self.id == id
            && self.fp == *fp
            && self.lang == lang
            && self.summary.is_some()
            && self.updated_ms.is_finite()
    }

    /// The title shown: the title, or the id when untitled.
    pub fn shown_title(&self) -> &str {
        if self.title.is_empty() {
            &self.id
        } else {
            &self.title
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::sample;

    fn row() -> (Match, Row) {
        let m = sample::shengji_sample(1_700_000_000_000.0);
        let fp = Fingerprint::of("{\"value\":1}", Some("{\"tail\":2}"));
        let r = Row::of(&m, fp, Some(("zh-CN".into(), "蓝队 5 : 3 红队 · 11 副".into())));
        (m, r)
    }

    #[test]
    fn a_row_round_trips_and_is_fresh_for_what_it_was_made_from() {
        let (m, r) = row();
        let back = Row::parse(&r.to_text()).expect("reads");
        assert_eq!(back, r);
        let fp = Fingerprint::of("{\"value\":1}", Some("{\"tail\":2}"));
        assert!(back.fresh(&m.id, &fp, "zh-CN"));
        assert_eq!(back.entries, m.entries.len());
        assert_eq!(back.last.as_deref(), m.entries.last().map(|e| e.id.as_str()));
        assert_eq!(back.updated_ms, m.updated_ms());
        assert_eq!(back.game, "shengji");
    }

    #[test]
    fn any_change_of_the_stored_texts_makes_a_row_stale() {
        let (m, r) = row();
        let lang = "zh-CN";
        // The tail gone, a longer tail, the tail folded into the value, a longer value.
        for fp in [
            Fingerprint::of("{\"value\":1}", None),
            Fingerprint::of("{\"value\":1}", Some("{\"tail\":2} ")),
            Fingerprint::of("{\"value\":1}{\"tail\":2}", None),
            Fingerprint::of("{\"value\":12}", Some("{\"tail\":2}")),
        ] {
            assert!(!r.fresh(&m.id, &fp, lang), "{fp:?}");
        }
        // The same texts, but another match's row, language, version, or no summary.
        let fp = r.fp.clone();
        assert!(!r.fresh("other", &fp, lang));
        assert!(!r.fresh(&m.id, &fp, "en"));
        assert!(!Row { v: INDEX_VERSION + 1, ..r.clone() }.fresh(&m.id, &fp, lang));
        assert!(!Row { schema: SCHEMA_VERSION - 1, ..r.clone() }.fresh(&m.id, &fp, lang));
        assert!(!Row::of(&m, fp.clone(), None).fresh(&m.id, &fp, lang));
    }

    #[test]
    fn a_row_that_does_not_read_is_none() {
        let (_, r) = row();
        let text = r.to_text();
        assert_eq!(Row::parse(&text[..text.len() - 1]), None, "cut short");
        assert_eq!(Row::parse("{\"hello\":\"world\"}"), None, "foreign");
        assert_eq!(Row::parse(&text.replace("\"entries\":", "\"entries\":\"x\",\"y\":")), None, "wrong type");
    }

    #[test]
    fn the_fingerprint_counts_utf16_code_units_of_both_parts() {
        assert_eq!(Fingerprint::new(12, Some(3)).0, "12+3");
        assert_eq!(Fingerprint::new(12, None).0, "12");
        // What JavaScript's `length` says: 蓝 is one unit, 🀄 two.
        assert_eq!(Fingerprint::of("蓝队", Some("🀄")), Fingerprint::new(2, Some(2)));
    }
}
