//! One table of UI strings: 简体中文 (default), 繁體中文, English. Every screen string goes
//! through [`tr`]; a missing key shows the key itself (and a test catches it).

mod library_words;
pub mod preset_rows;
mod say;

pub use say::{
    cite, field_words, import_error_text, input_error_text, reason_text, rule_error_text, rule_error_words, say,
    say_all, steps_text, Names,
};

use crate::record::Op;
use crate::rules::shengji::Unit;
use crate::rules::{Seat, Team};

/// UI language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// 简体中文 (default).
    #[default]
    ZhCn,
    /// 繁體中文.
    ZhTw,
    /// English.
    En,
}

impl Lang {
    /// All languages, default first.
    pub const ALL: [Lang; 3] = [Lang::ZhCn, Lang::ZhTw, Lang::En];
    /// BCP 47 code (`zh-CN`, `zh-TW`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
            Lang::En => "en",
        }
    }
    /// Parses a code; anything else is the default.
    pub fn from_code(s: &str) -> Lang {
        Lang::ALL.into_iter().find(|l| l.code() == s).unwrap_or_default()
    }
    /// The language's own name.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::ZhCn => "简体中文",
            Lang::ZhTw => "繁體中文",
            Lang::En => "English",
        }
    }
}

/// The table: `strings.tsv` beside this file, one row per key: `key<TAB>zh-CN<TAB>zh-TW<TAB>en`
/// (blank lines and lines starting with `#` skipped). Compiled in whole outside the browser
/// (tests, tools); the browser build compiles in only the keys and the 简体中文 column
/// ([`BASE_TSV`], written by `build.rs`; a release build only the rows of
/// [`START_KEYS`]) and reads the rest, when needed, from the files `scripts/i18n-build.mjs`
/// writes beside the app ([`install`]).
#[cfg(not(target_arch = "wasm32"))]
pub const STRINGS_TSV: &str = include_str!("strings.tsv");

/// Whether this build compiles in only the start-up rows of the 简体中文 column
/// ([`START_KEYS`]): a release build for the browser, whose main module (downloaded before
/// the home screen shows) then carries ~15 KB of the table's ~72 KB. The other 简体中文 rows
/// are [`install`]ed from their file like another language's, before any page but home is
/// shown.
pub const SPLIT_BASE: bool = cfg!(all(target_arch = "wasm32", not(debug_assertions)));

/// The keys whose 简体中文 string a release build for the browser compiles in
/// (`start-keys.txt`: one key, or a prefix ending in `.`, per line; `#` comments).
pub const START_KEYS: &str = include_str!("start-keys.txt");

/// Whether `key` is one of [`START_KEYS`].
pub fn is_start_key(key: &str) -> bool {
    START_KEYS.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).any(|s| {
        if s.ends_with('.') {
            key.starts_with(s)
        } else {
            key == s
        }
    })
}

/// The table's keys and 简体中文 column, `key<TAB>zh-CN` per row in the table's order
/// (`build.rs` cuts it out of `strings.tsv`): every row, or in a release build for the
/// browser ([`SPLIT_BASE`]) the rows of [`START_KEYS`].
#[cfg(not(all(target_arch = "wasm32", not(debug_assertions))))]
pub const BASE_TSV: &str = include_str!(concat!(env!("OUT_DIR"), "/strings-zh-CN.tsv"));
/// The table's keys and 简体中文 column, `key<TAB>zh-CN` per row in the table's order
/// (`build.rs` cuts it out of `strings.tsv`): every row, or in a release build for the
/// browser ([`SPLIT_BASE`]) the rows of [`START_KEYS`].
#[cfg(all(target_arch = "wasm32", not(debug_assertions)))]
pub const BASE_TSV: &str = include_str!(concat!(env!("OUT_DIR"), "/strings-zh-CN-start.tsv"));

/// `(key, [zh-CN, zh-TW, en])`.
#[cfg(not(target_arch = "wasm32"))]
type Row = (&'static str, [&'static str; 3]);

/// One language's column: key → text.
type Column = std::collections::HashMap<&'static str, &'static str>;

/// The table's rows (comment and blank lines skipped); a row without four columns is skipped
/// here and fails the unit test.
#[cfg(not(target_arch = "wasm32"))]
pub fn rows() -> Vec<Row> {
    STRINGS_TSV
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let c: Vec<&'static str> = l.split('\t').collect();
            (c.len() == 4).then(|| (c[0], [c[1], c[2], c[3]]))
        })
        .collect()
}

/// `key<TAB>text` rows of `text` (a language's file, or [`BASE_TSV`]), in order; other lines
/// are skipped.
fn pairs(text: &'static str) -> impl Iterator<Item = (&'static str, &'static str)> {
    text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).filter_map(|l| l.split_once('\t'))
}

/// The keys of [`BASE_TSV`] in the table's order.
pub fn keys() -> impl Iterator<Item = &'static str> {
    pairs(BASE_TSV).map(|(k, _)| k)
}

fn base() -> &'static Column {
    static T: std::sync::OnceLock<Column> = std::sync::OnceLock::new();
    T.get_or_init(|| pairs(BASE_TSV).collect())
}

/// The 简体中文 rows not compiled in ([`SPLIT_BASE`]), once [`install`]ed.
fn base_rest() -> &'static std::sync::OnceLock<Column> {
    static REST: std::sync::OnceLock<Column> = std::sync::OnceLock::new();
    &REST
}

/// Keys looked up before the 简体中文 rows they belong to were installed ([`take_missed`]).
static MISSED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// The keys looked up in 简体中文, and not found, while its rest was not installed yet
/// ([`SPLIT_BASE`]; the first 64); emptied by the call. The UI draws again with the
/// language's strings when there were any, and names them in the console: a start-up
/// screen that uses a key outside [`START_KEYS`].
pub fn take_missed() -> Vec<String> {
    MISSED.lock().map(|mut m| std::mem::take(&mut *m)).unwrap_or_default()
}

/// The columns of 繁體中文 and English, once read: compiled in outside the browser, installed
/// from their files in it ([`install`]).
fn extra(lang: Lang) -> &'static std::sync::OnceLock<Column> {
    static TW: std::sync::OnceLock<Column> = std::sync::OnceLock::new();
    static EN: std::sync::OnceLock<Column> = std::sync::OnceLock::new();
    let cell = if lang == Lang::En { &EN } else { &TW };
    #[cfg(not(target_arch = "wasm32"))]
    cell.get_or_init(|| {
        let i = if lang == Lang::En { 2 } else { 1 };
        rows().into_iter().map(|(k, r)| (k, r[i])).collect()
    });
    cell
}

/// Whether `lang`'s strings are at hand: 简体中文 once its rest is [`install`]ed in a release
/// build for the browser ([`SPLIT_BASE`]; always elsewhere), the others once installed, or
/// compiled in outside the browser.
pub fn installed(lang: Lang) -> bool {
    match lang {
        Lang::ZhCn => !SPLIT_BASE || base_rest().get().is_some(),
        _ => extra(lang).get().is_some(),
    }
}

/// Takes `lang`'s column from its file's text (`key<TAB>text` rows, as
/// `scripts/i18n-build.mjs` writes them), kept for the rest of the session: for 简体中文 the
/// rows not compiled in ([`SPLIT_BASE`]). Returns how many strings it holds. Errors:
/// 简体中文 where it is compiled in whole, a text without a single row (not the
/// language's file: a server's error page, say), or a 简体中文 file without the number of
/// rows `build.rs` counted (cut short). A language installed already keeps its
/// first column.
pub fn install(lang: Lang, text: String) -> Result<usize, String> {
    if lang == Lang::ZhCn && !SPLIT_BASE {
        return Err("zh-CN is compiled in".into());
    }
    let cell = if lang == Lang::ZhCn { base_rest() } else { extra(lang) };
    if let Some(c) = cell.get() {
        return Ok(c.len());
    }
    let text: &'static str = Box::leak(text.into_boxed_str());
    let column: Column = pairs(text).collect();
    if column.is_empty() {
        return Err(format!("no strings in the {} file", lang.code()));
    }
    let n = column.len();
    if lang == Lang::ZhCn && n != rest_rows() {
        return Err(format!("{n} strings in the zh-CN file, not {}", rest_rows()));
    }
    let _ = cell.set(column);
    Ok(n)
}

/// How many rows the 简体中文 file holds (those not compiled in: [`SPLIT_BASE`]), as
/// `build.rs` counted them: a file cut short, or another text served in its place, is not
/// installed.
fn rest_rows() -> usize {
    include_str!(concat!(env!("OUT_DIR"), "/strings-zh-CN-rest-rows.txt")).trim().parse().unwrap_or(0)
}

/// The string for `key` in `lang`, or `None`. A language not installed ([`installed`]),
/// or a key its file lacks, reads the 简体中文 string. A key outside [`START_KEYS`] read
/// before the 简体中文 rest is installed ([`SPLIT_BASE`]) is `None` and noted
/// ([`take_missed`]).
pub fn lookup(lang: Lang, key: &str) -> Option<&'static str> {
    if lang != Lang::ZhCn {
        if let Some(t) = extra(lang).get().and_then(|c| c.get(key)) {
            return Some(t);
        }
    }
    if let Some(t) = base().get(key) {
        return Some(t);
    }
    match base_rest().get() {
        Some(rest) => rest.get(key).copied(),
        None => {
            if SPLIT_BASE && lang == Lang::ZhCn {
                if let Ok(mut m) = MISSED.lock() {
                    if m.len() < 64 {
                        m.push(key.to_string());
                    }
                }
            }
            None
        }
    }
}

/// The string for `key` in `lang`; the key itself when missing.
pub fn tr(lang: Lang, key: &'static str) -> &'static str {
    lookup(lang, key).unwrap_or(key)
}

/// "南北" / "东西" (N/S, E/W).
pub fn team_side(lang: Lang, t: Team) -> &'static str {
    tr(lang, if t == Team::A { "team.A" } else { "team.B" })
}

/// A seat's name.
pub fn seat_name(lang: Lang, s: Seat) -> &'static str {
    tr(
        lang,
        match s {
            Seat::N => "seat.N",
            Seat::E => "seat.E",
            Seat::S => "seat.S",
            Seat::W => "seat.W",
        },
    )
}

/// A kitty unit's name, e.g. "拖拉机 3 对".
pub fn unit_name(lang: Lang, u: Unit) -> String {
    match u {
        Unit::Single => tr(lang, "unit.single").to_string(),
        Unit::Pair => tr(lang, "unit.pair").to_string(),
        Unit::Tractor(n) => format!("{} {n}", tr(lang, "unit.tractor")),
    }
}

/// A penalty kind's name, if the table knows it.
pub fn penalty_kind(lang: Lang, kind: &str) -> Option<&'static str> {
    lookup(lang, &format!("pen.{kind}"))
}

/// A built-in preset's name, if the table knows it.
pub fn preset_name(lang: Lang, id: &str) -> Option<&'static str> {
    lookup(lang, &format!("preset.{id}"))
}

/// A preset's *reading* (a parameter RULES.md marks "(reading)", listed by its field path
/// such as `penalties.out_of_turn`) in words, from the `reading.<field>` rows; the field path
/// itself for a field the table does not know (a referee's own preset may list any field).
pub fn reading_name(lang: Lang, field: &str) -> String {
    lookup(lang, &format!("reading.{field}")).map(str::to_string).unwrap_or_else(|| field.to_string())
}

/// A text of a built-in preset or format as a referee reads it in `lang`: its name, source,
/// notes, a reading's note, a bidding or 报牌 rule. Presets are data that store their
/// 简体中文 text (a stored or edited copy keeps loading as it is), so the table holds one
/// `data.<stored text>` row per built-in text (its 简体中文 column says a reading's marker in
/// Chinese where the stored text has `reading`); a text the table does not know (the
/// referee's own, or an edited one) is shown as stored, its citation notes and (in English)
/// its section numbers translated by [`cite`].
pub fn data_text(lang: Lang, text: &str) -> String {
    match lookup(lang, &format!("data.{text}")) {
        Some(t) => t.to_string(),
        None => cite(lang, text),
    }
}

/// A list of readings in words, joined by the language's list separator.
pub fn reading_names(lang: Lang, fields: &[String]) -> String {
    let sep = if lang == Lang::En { ", " } else { "、" };
    fields.iter().map(|f| reading_name(lang, f)).collect::<Vec<_>>().join(sep)
}

/// A suit code's name (`S`, `H`, `C`, `D`, `NT`).
pub fn suit_name(lang: Lang, code: &str) -> &'static str {
    lookup(lang, &format!("suit.{code}")).unwrap_or("?")
}

/// A declaring show code's name (`pair:S` → "♠ 黑桃 对").
pub fn show_name(lang: Lang, code: &str) -> String {
    match code.split_once(':') {
        Some((kind, suit)) => {
            format!("{} {}", suit_name(lang, suit), lookup(lang, &format!("show.{kind}")).unwrap_or(kind))
        }
        None => lookup(lang, &format!("show.{code}")).unwrap_or(code).to_string(),
    }
}

/// A level-table band as a referee reads it, e.g. "80–95 → 台下上台 +0" / "≥80 → attackers
/// take over, +1 per full 10 points away from 80" (a graduated band with no levels of its
/// own says only its step).
pub fn band_text(lang: Lang, b: &crate::rules::shengji::Band) -> String {
    use crate::rules::shengji::Side;
    let who = tr(lang, if b.side == Side::Declarer { "band.declarer" } else { "band.attackers" });
    let mut s = format!("{} → {who}", b.range_text());
    if b.to_ace {
        s.push_str(&format!(" {}", tr(lang, "band.to_ace")));
    } else {
        if b.levels > 0 || b.step.is_none() {
            s.push_str(&format!(" +{}", b.levels));
        }
        if let Some(st) = b.step {
            let per = tr(lang, if st.round_up { "band.per_started" } else { "band.per_full" });
            s.push_str(&format!(
                "{}{}",
                if b.levels > 0 { ", " } else { " " },
                per.replace("{every}", &st.every.to_string()).replace("{from}", &st.from.to_string())
            ));
        }
    }
    s
}

/// A game id's name (`shengji`, `duplicate`, `guandan`, `doudizhu`, `sandayi`, `renju`).
pub fn game_name(lang: Lang, game: &str) -> &'static str {
    lookup(lang, &format!("game.{game}")).unwrap_or("?")
}

/// The text of a result sheet's status word ([`crate::record::sheet::Sheet::status`]:
/// `signed`, `confirmed`, `entered`, else nothing entered).
pub fn sheet_status(lang: Lang, status: &str) -> &'static str {
    tr(
        lang,
        match status {
            "signed" => "sheet.st.signed",
            "confirmed" => "sheet.st.confirmed",
            "entered" => "sheet.st.entered",
            _ => "sheet.st.empty",
        },
    )
}

/// A log entry's kind.
pub fn op_name(lang: Lang, op: &Op) -> &'static str {
    tr(
        lang,
        match op {
            Op::Hand { .. } => "op.hand",
            Op::Correct { .. } => "op.correct",
            Op::Void { .. } => "op.void",
            Op::Clock { .. } => "op.clock",
            Op::Overrun { .. } => "op.overrun",
            Op::TimeVerdict { .. } => "op.time_verdict",
            Op::NextGame { .. } => "op.next_game",
            Op::Ruling { .. } => "op.ruling",
            Op::CorrectRuling { .. } => "op.correct_ruling",
            Op::Confirm { .. } => "op.confirm",
            Op::Appeal { .. } => "op.appeal",
            Op::SignOff { .. } => "op.sign_off",
            Op::Reopen { .. } => "op.reopen",
        },
    )
}

/// What a write that failed was doing: a storage error names it in the UI language
/// ([`Action::full_key`] when the browser's storage is full, [`Action::failed_key`] for any
/// other failure, followed by the detail).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A new hand (or stone, board, round result).
    Hand,
    /// A correction of a hand.
    Correct,
    /// Undo (a void with reason [`crate::record::UNDO_REASON`]).
    Undo,
    /// A delete (any other void).
    Delete,
    /// The match clock: start, pause, resume, an overrun, a time-limit verdict.
    Clock,
    /// The next game of a series.
    NextGame,
    /// Sign-off or reopening.
    SignOff,
    /// An event (tournament) change.
    Event,
    /// The settings (language).
    Settings,
    /// The mark of the last export (the file itself was downloaded).
    ExportMark,
    /// A new match.
    NewMatch,
    /// The sample match.
    Sample,
    /// A referee's ruling.
    Ruling,
    /// An import.
    Import,
    /// Restoring a quarantined value.
    Restore,
    /// Restoring a deleted match from its kept copy.
    RestoreDeleted,
}

impl Action {
    /// Every action.
    pub const ALL: [Action; 16] = [
        Action::Hand,
        Action::Correct,
        Action::Undo,
        Action::Delete,
        Action::Clock,
        Action::NextGame,
        Action::SignOff,
        Action::Event,
        Action::Settings,
        Action::ExportMark,
        Action::NewMatch,
        Action::Sample,
        Action::Ruling,
        Action::Import,
        Action::Restore,
        Action::RestoreDeleted,
    ];

    /// The action a log entry's op is.
    pub fn of_op(op: &Op) -> Action {
        match op {
            Op::Hand { .. } => Action::Hand,
            Op::Correct { .. } => Action::Correct,
            Op::Void { reason, .. } if reason == crate::record::UNDO_REASON => Action::Undo,
            Op::Void { .. } => Action::Delete,
            Op::Clock { .. } | Op::Overrun { .. } | Op::TimeVerdict { .. } => Action::Clock,
            Op::NextGame { .. } => Action::NextGame,
            Op::Confirm { .. } | Op::SignOff { .. } | Op::Reopen { .. } => Action::SignOff,
            Op::Ruling { .. } | Op::CorrectRuling { .. } | Op::Appeal { .. } => Action::Ruling,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Action::Hand => "hand",
            Action::Correct => "correct",
            Action::Undo => "undo",
            Action::Delete => "delete",
            Action::Clock => "clock",
            Action::NextGame => "next_game",
            Action::SignOff => "sign_off",
            Action::Event => "event",
            Action::Settings => "settings",
            Action::ExportMark => "export_mark",
            Action::NewMatch => "new_match",
            Action::Sample => "sample",
            Action::Ruling => "ruling",
            Action::Import => "import",
            Action::Restore => "restore",
            Action::RestoreDeleted => "restore_deleted",
        }
    }

    /// The key of the whole message when storage is full (`err.full.<action>`): what was
    /// not saved, and what to do.
    pub fn full_key(self) -> &'static str {
        // The keys are in the table (a test checks every one); leaked once per action.
        lookup_key(&format!("err.full.{}", self.name()))
    }

    /// The key of "<action> was not saved" (`err.failed.<action>`), followed by the detail
    /// of any other storage failure.
    pub fn failed_key(self) -> &'static str {
        lookup_key(&format!("err.failed.{}", self.name()))
    }
}

/// The table's own `&'static str` for `key` (`"err.save"` when missing).
fn lookup_key(key: &str) -> &'static str {
    base()
        .get_key_value(key)
        .or_else(|| base_rest().get().and_then(|r| r.get_key_value(key)))
        .map(|(k, _)| *k)
        .unwrap_or("err.save")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_in_column_and_a_language_file_read_as_the_table() {
        let full = rows();
        let base: Vec<_> = pairs(BASE_TSV).collect();
        assert_eq!(base, full.iter().map(|(k, r)| (*k, r[0])).collect::<Vec<_>>());
        // A language's file as scripts/i18n-build.mjs writes it: `key<TAB>text` per row.
        let file: String = full.iter().map(|(k, r)| format!("{k}\t{}\n", r[2])).collect();
        let column: Column = pairs(Box::leak(file.into_boxed_str())).collect();
        assert_eq!(column.len(), full.len());
        assert!(full.iter().all(|(k, r)| column[k] == r[2] && lookup(Lang::En, k) == Some(r[2])));
        assert!(install(Lang::ZhCn, "a\tb\n".into()).is_err());
        assert!(Lang::ALL.into_iter().all(installed));
    }

    #[test]
    fn the_start_rows_are_the_start_keys_rows() {
        let start: Vec<_> = pairs(include_str!(concat!(env!("OUT_DIR"), "/strings-zh-CN-start.tsv"))).collect();
        let want: Vec<_> = rows().into_iter().filter(|(k, _)| is_start_key(k)).map(|(k, r)| (k, r[0])).collect();
        assert_eq!(start, want);
        assert!(start.len() < rows().len() / 3, "{} start rows of {}", start.len(), rows().len());
        assert!(is_start_key("home.new") && is_start_key("clock.jump_ok") && is_start_key("ev.sync.import"));
        assert!(!is_start_key("clock.start") && !is_start_key("ev.add.create") && !is_start_key("gd.step.no_rise"));
    }

    /// The screens of the main module (top bar, home, import and export, QR receive,
    /// notices) show before the 简体中文 rest is read in a release build ([`SPLIT_BASE`]):
    /// every key their files name is a start key.
    #[test]
    fn the_main_module_screens_use_start_keys() {
        let ui = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui/");
        let files =
            ["mod.rs", "home.rs", "io/mod.rs", "io/import.rs", "scan.rs", "draft.rs", "intent.rs", "reading.rs"];
        let mut outside = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(format!("{ui}{f}")).unwrap();
            for pat in ["tx(\"", "t(\"", "tr(\"", "tr(l, \"", "tr(lang, \""] {
                for part in text.split(pat).skip(1) {
                    let key = part.split('"').next().unwrap();
                    if key.contains('.') && !is_start_key(key) {
                        outside.push(format!("{f}: {key}"));
                    }
                }
            }
        }
        assert!(outside.is_empty(), "keys outside start-keys.txt: {outside:?}");
    }

    #[test]
    fn table_is_well_formed_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for (n, l) in STRINGS_TSV.lines().enumerate() {
            if l.trim().is_empty() || l.starts_with('#') {
                continue;
            }
            let c: Vec<&str> = l.split('\t').collect();
            assert_eq!(c.len(), 4, "strings.tsv line {}: {l:?} needs 4 tab-separated columns", n + 1);
            assert!(c.iter().all(|x| !x.trim().is_empty()), "strings.tsv line {}: empty column", n + 1);
            assert!(seen.insert(c[0]), "strings.tsv line {}: duplicate key {}", n + 1, c[0]);
        }
    }

    #[test]
    fn every_key_used_by_the_ui_exists() {
        let mut files = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui"))];
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    dirs.push(p)
                } else {
                    files.push(p)
                }
            }
        }
        let mut missing = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(f).unwrap();
            for pat in ["tx(\"", "t(\"", "tr(\"", "tr(l, \""] {
                for part in text.split(pat).skip(1) {
                    let key = part.split('"').next().unwrap();
                    if key.contains('.') && lookup(Lang::En, key).is_none() {
                        missing.push(key.to_string());
                    }
                }
            }
        }
        assert!(missing.is_empty(), "missing keys: {missing:?}");
    }

    /// Characters 繁體 never writes (a sample, each checked against the table's zh-TW column).
    pub(crate) const SIMPLIFIED_ONLY: &str = "级记录庄门东发对计时罚规则输赢战队组选设导确认删复盘个们这来说过还关开无当与为张将让进贡报点数总场轮换页项标择档头农钟种历显机读边双结论终证编辑销请错误转举单号样应该从间动么积赛满变续题称简体语载类别阶负败";

    /// Every text with Han characters in the built-in presets and formats (their serde
    /// form), but the penalty names the UI takes from the `pen.<kind>` rows.
    fn builtin_texts() -> Vec<String> {
        fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
            match v {
                serde_json::Value::String(s) if s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) => {
                    out.push(s.clone())
                }
                serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
                serde_json::Value::Object(o) => {
                    for (k, x) in o {
                        let named_by_kind = k == "name"
                            && o.contains_key("kind")
                            && o.get("kind")
                                .and_then(|k| k.as_str())
                                .is_some_and(|k| penalty_kind(Lang::En, k).is_some());
                        if !named_by_kind {
                            walk(x, out)
                        }
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        for v in crate::rules::shengji::builtin_presets()
            .iter()
            .map(|p| serde_json::to_value(p).unwrap())
            .chain(crate::rules::guandan::builtin_presets().iter().map(|p| serde_json::to_value(p).unwrap()))
            .chain(crate::rules::doudizhu::builtin_presets().iter().map(|p| serde_json::to_value(p).unwrap()))
            .chain(crate::rules::sandayi::builtin_presets().iter().map(|p| serde_json::to_value(p).unwrap()))
            .chain(std::iter::once(serde_json::to_value(crate::rules::renju::Preset::rif()).unwrap()))
            .chain(crate::tournament::builtin_formats().iter().map(|f| serde_json::to_value(f).unwrap()))
        {
            walk(&v, &mut out);
        }
        out.sort();
        out.dedup();
        out
    }

    #[test]
    fn every_builtin_preset_text_reads_in_three_languages() {
        let texts = builtin_texts();
        assert!(texts.len() > 20, "{texts:?}");
        let mut missing = Vec::new();
        for s in &texts {
            let en = data_text(Lang::En, s);
            let tw = data_text(Lang::ZhTw, s);
            if en.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
                || tw.chars().any(|c| SIMPLIFIED_ONLY.contains(c))
            {
                missing.push(s.clone());
            }
        }
        assert!(missing.is_empty(), "{} texts without a data. row:\n{}", missing.len(), missing.join("\n"));
        assert_eq!(data_text(Lang::En, "我自己的规则"), "我自己的规则");
    }

    #[test]
    fn every_builtin_penalty_kind_is_named() {
        for p in crate::rules::shengji::builtin_presets() {
            assert!(preset_name(Lang::En, &p.id).is_some(), "{}", p.id);
            for r in &p.penalties {
                assert!(penalty_kind(Lang::En, &r.kind).is_some(), "{}", r.kind);
            }
        }
    }
    #[test]
    fn every_builtin_reading_is_named_in_three_languages() {
        let mut fields: Vec<String> = Vec::new();
        for p in crate::rules::shengji::builtin_presets() {
            fields.extend(p.readings);
        }
        for p in crate::rules::guandan::builtin_presets() {
            fields.extend(p.readings);
        }
        for f in crate::tournament::builtin_formats() {
            fields.extend(f.readings);
        }
        for r in crate::rules::doudizhu::builtin_presets().iter().flat_map(|p| p.readings.clone()) {
            fields.push(r.field);
        }
        for r in crate::rules::sandayi::builtin_presets().iter().flat_map(|p| p.readings.clone()) {
            fields.push(r.field);
        }
        assert!(fields.len() > 20, "{fields:?}");
        for f in &fields {
            for l in Lang::ALL {
                assert!(lookup(l, &format!("reading.{f}")).is_some(), "reading.{f} in {l:?}");
                assert_ne!(reading_name(l, f), *f, "{f} in {l:?}");
            }
        }
        assert_eq!(reading_name(Lang::En, "penalties.out_of_turn"), "out-of-turn penalty");
        assert_eq!(reading_name(Lang::En, "my.own_field"), "my.own_field");
        assert_eq!(reading_names(Lang::ZhCn, &["kitty".into(), "format".into()]), "抠底倍数、赛制");
    }

    #[test]
    fn every_action_has_its_own_storage_messages() {
        let mut seen = std::collections::HashSet::new();
        for a in Action::ALL {
            for key in [a.full_key(), a.failed_key()] {
                assert!(key.ends_with(a.name()), "{a:?}: {key}");
                assert!(seen.insert(key), "{key} twice");
                for l in Lang::ALL {
                    assert!(lookup(l, key).is_some(), "{key} in {l:?}");
                }
            }
            // A full-storage message says storage is full and never speaks of a hand unless
            // a hand was involved.
            let zh = tr(Lang::ZhCn, a.full_key());
            assert!(zh.starts_with("存储已满"), "{zh}");
            assert!(tr(Lang::ZhTw, a.full_key()).starts_with("儲存已滿"));
            assert!(tr(Lang::En, a.full_key()).starts_with("Storage is full"));
            if !matches!(a, Action::Hand) {
                assert!(!zh.contains("本副未保存"), "{a:?}: {zh}");
            }
        }
    }

    #[test]
    fn an_op_names_its_action() {
        use crate::record::{ClockAction, UNDO_REASON};
        let void = |r: &str| Op::Void { target: "x".into(), reason: r.into() };
        assert_eq!(Action::of_op(&void(UNDO_REASON)), Action::Undo);
        assert_eq!(Action::of_op(&void("delete")), Action::Delete);
        assert_eq!(Action::of_op(&Op::Clock { action: ClockAction::Start, elapsed_ms: None }), Action::Clock);
        assert_eq!(Action::of_op(&Op::TimeVerdict { winner: Team::A, elapsed_ms: None }), Action::Clock);
        assert_eq!(Action::of_op(&Op::Reopen { reason: String::new() }), Action::SignOff);
    }
}
