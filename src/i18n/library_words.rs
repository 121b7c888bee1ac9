//! A library's own words in the UI language: the messages serde and serde_json give for a
//! file that does not read (`invalid value: integer `-5`, expected u32`, `missing field
//! `sides``, `EOF while parsing a value`), and the few the app's own `Deserialize` impls
//! give (`finishing order names seat N twice; …`). They reach the import's refusal as
//! [`crate::rules::Arg::Detail`], written in English; each known wording is a pattern
//! here (the library's text, `{slot}` for its variable parts) and a row of the string
//! table (`sd.*`) that says it in each language. A wording not listed stays as written.

use super::{tr, Lang};

/// serde's and serde_json's messages (serde_core `de::Error` defaults, serde_json
/// `ErrorCode`), then the app's own (their `Display` / `de::Error::custom` texts): the
/// pattern and its string-table key. The first pattern that reads the whole text decides,
/// so a more specific one comes first.
const PATTERNS: &[(&str, &str)] = &[
    ("invalid type: {unexp}, expected {exp}", "sd.invalid_type"),
    ("invalid value: expected key to be a number in quotes", "sd.key_number"),
    ("invalid value: {unexp}, expected {exp}", "sd.invalid_value"),
    ("invalid length {len}, expected {exp}", "sd.invalid_length"),
    ("unknown variant `{name}`, there are no variants", "sd.unknown_variant_none"),
    ("unknown variant `{name}`, expected {exp}", "sd.unknown_variant"),
    ("unknown field `{name}`, there are no fields", "sd.unknown_field_none"),
    ("unknown field `{name}`, expected {exp}", "sd.unknown_field"),
    ("missing field `{name}`", "sd.missing_field"),
    ("duplicate field `{name}`", "sd.duplicate_field"),
    ("EOF while parsing a list", "sd.eof_list"),
    ("EOF while parsing an object", "sd.eof_object"),
    ("EOF while parsing a string", "sd.eof_string"),
    ("EOF while parsing a value", "sd.eof_value"),
    ("expected `:`", "sd.expected_colon"),
    ("expected `,` or `]`", "sd.expected_list_end"),
    ("expected `,` or `}`", "sd.expected_object_end"),
    ("expected ident", "sd.expected_ident"),
    ("expected value", "sd.expected_value"),
    ("expected `\"`", "sd.expected_quote"),
    ("invalid escape", "sd.invalid_escape"),
    ("invalid number", "sd.invalid_number"),
    ("number out of range", "sd.number_out_of_range"),
    ("invalid unicode code point", "sd.invalid_code_point"),
    ("control character (\\u0000-\\u001F) found while parsing a string", "sd.control_character"),
    ("key must be a string", "sd.key_string"),
    ("lone leading surrogate in hex escape", "sd.lone_surrogate"),
    ("trailing comma", "sd.trailing_comma"),
    ("trailing characters", "sd.trailing_characters"),
    ("unexpected end of hex escape", "sd.hex_escape_end"),
    ("recursion limit exceeded", "sd.recursion_limit"),
    // The app's own (src/rules): a rank, a card, a 掼蛋 finishing order, a 三打一 bid, a
    // time verdict, a kitty unit, a call, a 五子棋 point.
    ("unknown rank {name}: expected 2…10, J, Q, K or A", "sd.app.rank"),
    ("unknown card {name}: expected 2…10, J, Q, K, A, SJ or BJ", "sd.app.card"),
    ("finishing order names seat {name} twice; it must list N, E, S, W once each", "sd.app.order"),
    ("after_bid: {name} is not a bid (0–255)", "sd.app.after_bid"),
    ("{name} is not a time verdict (\"A\", \"B\" or \"one_more_hand\")", "sd.app.time_verdict"),
    ("unknown kitty unit {name}: expected single, pair or tractorN (N ≥ 2)", "sd.app.kitty_unit"),
    ("a call is a bid number or \"pass\", not {name}", "sd.app.call"),
    ("{name} is not a point a1…o15", "sd.app.point"),
    ("{name} is off the 15×15 board", "sd.app.off_board"),
    ("{name} already holds a stone", "sd.app.occupied"),
];

/// What a value was or should have been (the `{unexp}` and `{exp}` slots): serde's
/// `Unexpected` and the derive's `expecting` texts.
const WORDS: &[(&str, &str)] = &[
    ("boolean `{v}`", "sd.w.boolean"),
    ("integer `{v}`", "sd.w.integer"),
    ("floating point `{v}`", "sd.w.float"),
    ("character `{v}`", "sd.w.character"),
    ("string {v}", "sd.w.string"),
    ("null", "sd.w.null"),
    ("unit value", "sd.w.null"),
    ("sequence", "sd.w.sequence"),
    ("map", "sd.w.map"),
    ("a string", "sd.w.a_string"),
    ("a borrowed string", "sd.w.a_string"),
    ("a boolean", "sd.w.a_boolean"),
    ("a sequence", "sd.w.a_sequence"),
    ("a map", "sd.w.a_map"),
    ("a character", "sd.w.a_character"),
    ("struct {v}", "sd.w.struct"),
    ("internally tagged enum {v}", "sd.w.enum"),
    ("enum {v}", "sd.w.enum"),
    ("an array of length {v}", "sd.w.array_len"),
    ("a tuple of size {v}", "sd.w.array_len"),
    ("tuple struct {v}", "sd.w.struct"),
    ("one of {v}", "sd.w.one_of"),
    ("`{a}` or `{b}`", "sd.w.either"),
];

/// `text` (a library's message, English) in `lang`: its pattern's row of the string table
/// with each slot filled (what a value was or should be in words too), and a trailing
/// `at line L column C` as the table's `sd.at`. English, and a wording no pattern reads,
/// stay as written.
pub fn library_words(lang: Lang, text: &str) -> String {
    if lang == Lang::En {
        return text.to_string();
    }
    let (body, at) = split_position(text);
    let Some(said) = render(lang, PATTERNS, body, true) else { return text.to_string() };
    match at {
        Some((line, column)) => {
            format!("{said} {}", tr(lang, "sd.at").replace("{line}", line).replace("{column}", column))
        }
        None => said,
    }
}

/// `text` read by the first of `patterns` that matches all of it, its slots filled (the
/// value slots `unexp` / `exp` in words when `words`).
fn render(lang: Lang, patterns: &[(&str, &'static str)], text: &str, words: bool) -> Option<String> {
    patterns.iter().find_map(|(pattern, key)| {
        let slots = read(pattern, text)?;
        let mut out = tr(lang, key).to_string();
        for (slot, value) in slots {
            let value = match slot {
                "unexp" | "exp" if words => word(lang, value),
                _ => value.to_string(),
            };
            out = out.replace(&format!("{{{slot}}}"), &value);
        }
        Some(out)
    })
}

/// A value slot in words: a [`WORDS`] wording, Rust's integer types (`u32`, `i64`, `f64`)
/// as "a whole number ≥ 0" and the like, else as written.
fn word(lang: Lang, value: &str) -> String {
    let number = match value {
        "u8" | "u16" | "u32" | "u64" | "usize" => Some("sd.w.unsigned"),
        "i8" | "i16" | "i32" | "i64" | "isize" => Some("sd.w.signed"),
        "f32" | "f64" => Some("sd.w.number"),
        _ => None,
    };
    match number {
        Some(key) => tr(lang, key).replace("{v}", value),
        None => render(lang, WORDS, value, false).unwrap_or_else(|| value.to_string()),
    }
}

/// Reads `text` by `pattern` (literal text with `{slot}`s): every slot's value, or `None`
/// when the text does not read so. A slot takes the shortest text up to the literal after
/// it; a slot at the end takes the rest.
fn read<'p, 't>(pattern: &'p str, text: &'t str) -> Option<Vec<(&'p str, &'t str)>> {
    let mut slots = Vec::new();
    let mut p = pattern;
    let mut t = text;
    loop {
        let (literal, rest) = match p.find('{') {
            Some(open) => (&p[..open], Some(&p[open + 1..])),
            None => (p, None),
        };
        t = t.strip_prefix(literal)?;
        let Some(rest) = rest else { return t.is_empty().then_some(slots) };
        let close = rest.find('}')?;
        let slot = &rest[..close];
        p = &rest[close + 1..];
        let next = p.find('{').map_or(p, |k| &p[..k]);
        let end = if next.is_empty() {
            if p.is_empty() {
                t.len()
            } else {
                return None; // two slots side by side: no pattern has them
            }
        } else if p.len() == next.len() {
            // The last literal: it ends the text.
            t.len().checked_sub(next.len()).filter(|&k| t[k..] == *next && t.is_char_boundary(k))?
        } else {
            t.find(next)?
        };
        if end == 0 {
            return None;
        }
        slots.push((slot, &t[..end]));
        t = &t[end..];
    }
}

/// `text` without serde_json's trailing ` at line L column C`, and (L, C) when it had one.
fn split_position(text: &str) -> (&str, Option<(&str, &str)>) {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(k) = text.rfind(" at line ") {
        let tail = &text[k + " at line ".len()..];
        if let Some((line, column)) = tail.split_once(" column ") {
            if digits(line) && digits(column) {
                return (&text[..k], Some((line, column)));
            }
        }
    }
    (text, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// serde's message for `json` read as `T`.
    fn serde_says<T: serde::de::DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
        serde_json::from_str::<T>(json).unwrap_err().to_string()
    }

    #[test]
    fn patterns_read_slots_and_refuse_other_text() {
        assert_eq!(read("missing field `{name}`", "missing field `sides`"), Some(vec![("name", "sides")]));
        assert_eq!(
            read("invalid type: {unexp}, expected {exp}", "invalid type: string \"a, b\", expected u32"),
            Some(vec![("unexp", "string \"a, b\""), ("exp", "u32")])
        );
        assert_eq!(read("{name} already holds a stone", "h8 already holds a stone"), Some(vec![("name", "h8")]));
        assert_eq!(read("missing field `{name}`", "missing field `sides` extra"), None);
        assert_eq!(read("trailing comma", "trailing commas"), None);
        assert_eq!(read("missing field `{name}`", "missing field ``"), None);
    }

    /// Every pattern and word has its row in each language, with the same slots as the
    /// pattern.
    #[test]
    fn every_pattern_has_its_row_with_its_slots() {
        let slots = |s: &str| {
            let mut v: Vec<String> =
                s.split('{').skip(1).filter_map(|x| x.split_once('}').map(|(a, _)| a.to_string())).collect();
            v.sort();
            v
        };
        for (pattern, key) in PATTERNS.iter().chain(WORDS) {
            for lang in Lang::ALL {
                let row = super::super::lookup(lang, key).unwrap_or_else(|| panic!("{key} missing in {lang:?}"));
                assert_eq!(slots(row), slots(pattern), "{key} in {lang:?}");
            }
        }
    }

    /// serde's and serde_json's real messages read in Chinese, with nothing of the English
    /// framing left; English stays as serde wrote it.
    #[test]
    fn serde_messages_read_in_chinese() {
        let cases = [
            serde_says::<u32>("-5"),
            serde_says::<u32>("\"x\""),
            serde_says::<bool>("[1]"),
            serde_says::<[u8; 2]>("[1]"),
            serde_says::<Vec<u8>>("[1,"),
            serde_says::<std::collections::BTreeMap<String, u8>>("{\"a\" 1}"),
            serde_says::<u8>("1 2"),
            serde_says::<crate::rules::Team>("\"C\""),
            serde_says::<crate::rules::Seat>("null"),
            serde_says::<crate::rules::Rank>("\"Z\""),
            serde_says::<crate::rules::guandan::FinishOrder>("[\"N\",\"N\",\"E\",\"S\"]"),
        ];
        for text in &cases {
            for lang in [Lang::ZhCn, Lang::ZhTw] {
                let said = library_words(lang, text);
                for english in ["invalid", "expected", "EOF", "while", "trailing", "unknown", "line", "names seat"] {
                    assert!(!said.contains(english), "{lang:?}: {text:?} → {said:?}");
                }
            }
            assert_eq!(library_words(Lang::En, text), *text);
        }
        assert_eq!(library_words(Lang::ZhCn, &cases[0]), "值不对: 整数 `-5`, 应为非负整数 (u32) (第 1 行第 2 列)");
    }

    #[test]
    fn a_wording_no_pattern_reads_stays_as_written() {
        assert_eq!(library_words(Lang::ZhCn, "something else at line 3 column 4"), "something else at line 3 column 4");
        assert_eq!(split_position("x at line 3 column 4"), ("x", Some(("3", "4"))));
        assert_eq!(split_position("x at line three column 4"), ("x at line three column 4", None));
    }
}
