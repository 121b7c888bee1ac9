//! A preset read generically, from its serde form (`serde_json::Value`), so that every game
//! gets the same two views once: the 规则 tab's rows ([`rule_rows`]: each part of the preset
//! in words with the document § it follows, *readings* marked) and the set-up form's fields
//! ([`form_fields`]: every number, yes/no and choice as an input, [`set_field`] writing one
//! back). Labels are the string table's `pf.<path>` rows (the field path without indices,
//! e.g. `pf.table.bands.min`), choices its `choice.<path>.<value>` rows.

use super::{cite, data_text, keys, lookup, tr, Lang};
use serde_json::Value;

/// Top-level keys shown in the head of the tab (name, source) or not at all (the id, the
/// citation table, the list of readings, free texts as notes), never as a row or a field.
const META: [&str; 5] = ["id", "name", "source", "readings", "cites"];

/// The order rows are shown in (levels first, then the kitty, penalties, time, scoring); a
/// key not listed follows in alphabetical order.
const ORDER: [&str; 34] = [
    "table",
    "upgrade",
    "fixed_level",
    "a_rule",
    "kitty",
    "clamp",
    "caps",
    "jack",
    "duplicate",
    "declaring",
    "penalties",
    "fouls",
    "rulings",
    "tribute",
    "players",
    "bid_values",
    "stake",
    "bomb_factor",
    "rocket_factor",
    "spring_factor",
    "anti_spring_factor",
    "landlord_share",
    "max_bombs",
    "max_rockets",
    "timing",
    "format",
    "team_match",
    "session",
    "deal_points",
    "round_scoring",
    "best_of",
    "announce",
    "scoring",
    "notes",
];

/// One row of the 规则 tab.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleRow {
    /// Stable element id: `rule-<key>` (`rule-table`, `rule-penalties-revoke`, `rule-notes-0`).
    pub id: String,
    /// The row's heading in `lang`.
    pub title: String,
    /// Its content in words, one line a field (`label: value`).
    pub lines: Vec<String>,
    /// The document citation it follows, as the preset stores it (简体中文, e.g. `000 §一(四)2`).
    pub cite: String,
    /// Whether the row holds a parameter RULES.md marks *(reading)*.
    pub reading: bool,
}

/// An editable field of the set-up form.
#[derive(Clone, Debug, PartialEq)]
pub struct FormField {
    /// Where it is in the preset: `table.bands[2].min`.
    pub path: String,
    /// The path without indices (`table.bands.min`): the key of its label.
    pub plain: String,
    /// What input it is.
    pub kind: FieldKind,
}

/// The input of a [`FormField`].
#[derive(Clone, Debug, PartialEq)]
pub enum FieldKind {
    /// A whole number (`min` 0 when the stored one is not negative).
    Int {
        /// The stored value.
        value: i64,
        /// Whether negative numbers are accepted (the stored one is negative).
        signed: bool,
    },
    /// Yes / no.
    Bool(bool),
    /// One of the values the table names (`choice.<plain>.<value>` rows), the stored one first.
    Choice {
        /// The stored value.
        value: String,
        /// Every value the table names for this path.
        options: Vec<String>,
    },
}

/// `path` without its indices: `table.bands[0].min` → `table.bands.min`.
pub fn plain_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut depth = 0;
    for c in path.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    // A map keyed by numbers (`bomb_limits.after_bid.2`): the key is an index too.
    out.split('.').filter(|seg| !seg.chars().all(|c| c.is_ascii_digit())).collect::<Vec<_>>().join(".")
}

/// A field's label in `lang`: the `pf.<plain path>` row, else the path itself.
pub fn field_label(lang: Lang, path: &str) -> String {
    let plain = plain_path(path);
    let base = lookup(lang, &format!("pf.{plain}")).map(str::to_string).unwrap_or_else(|| path.to_string());
    // An element of a list reads with its number (1-based): "band 3 · from".
    let base = match first_index(path) {
        Some(i) if !plain.starts_with("penalties") => format!("{base} #{}", i + 1),
        _ => base,
    };
    match path.rsplit('.').next().filter(|k| !k.is_empty() && k.chars().all(|c| c.is_ascii_digit())) {
        Some(key) => format!("{base} {key}"),
        None => base,
    }
}

/// [`field_label`] of `path` as `preset` means it: a field whose meaning depends on another
/// part of the preset has a `pf.<plain path>@<key>` row, used when the preset's top-level
/// `key` is set (not null) — a 升级 team match (`team_match`, RULES.md §1.4 **[r2]**) plays
/// every game, so its `timing.best_of` is the games played, not a best of.
pub fn field_label_in(lang: Lang, preset: &Value, path: &str) -> String {
    let plain = plain_path(path);
    let context = preset
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, v)| !v.is_null())
        .find_map(|(k, _)| lookup(lang, &format!("pf.{plain}@{k}")));
    match context {
        Some(label) if first_index(path).is_none() => label.to_string(),
        _ => field_label(lang, path),
    }
}

fn first_index(path: &str) -> Option<usize> {
    let open = path.find('[')?;
    let close = path[open..].find(']')? + open;
    path[open + 1..close].parse().ok()
}

/// The values the table names for the choice field `plain` (`choice.<plain>.<value>` rows).
pub fn choices(plain: &str) -> Vec<String> {
    let prefix = format!("choice.{plain}.");
    keys().filter_map(|k| k.strip_prefix(&prefix).map(str::to_string)).collect()
}

/// A choice's name in `lang` (`choice.<plain>.<value>`), if the table has it.
pub fn choice_name(lang: Lang, plain: &str, value: &str) -> Option<&'static str> {
    lookup(lang, &format!("choice.{plain}.{value}"))
}

fn readings_of(v: &Value) -> Vec<String> {
    v.get("readings")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|r| r.as_str().or_else(|| r.get("field").and_then(Value::as_str)).map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn reading_notes(v: &Value) -> Vec<(String, String)> {
    v.get("readings")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|r| Some((r.get("field")?.as_str()?.to_string(), r.get("note")?.as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default()
}

fn is_reading(readings: &[String], path: &str) -> bool {
    let plain = plain_path(path);
    readings.iter().any(|r| {
        let r = plain_path(r);
        r == plain || r.starts_with(&format!("{plain}.")) || plain.starts_with(&format!("{r}."))
    })
}

/// A leaf value in words: yes/no, a number, a named choice, a text as a referee reads it.
fn value_text(lang: Lang, plain: &str, v: &Value) -> String {
    match v {
        Value::Null => "—".into(),
        Value::Bool(b) => tr(lang, if *b { "rt.yes" } else { "rt.no" }).to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s)
            if plain == "declaring.order" || plain == "declaring.not_first" || plain == "declaring.free_trump" =>
        {
            super::show_name(lang, s)
        }
        Value::String(s) if plain.ends_with("warnings.rule") => {
            super::penalty_kind(lang, s).map(str::to_string).unwrap_or_else(|| s.clone())
        }
        Value::String(s) => match choice_name(lang, plain, s) {
            Some(c) => c.to_string(),
            None => data_text(lang, s),
        },
        Value::Array(a) if a.is_empty() => "—".into(),
        Value::Array(a) => {
            let sep = if lang == Lang::En { ", " } else { "、" };
            a.iter().map(|x| value_text(lang, plain, x)).collect::<Vec<_>>().join(sep)
        }
        Value::Object(_) => String::new(),
    }
}

/// The lines of `v` at `path`: one `label: value` a leaf; a list of scalars in one line.
fn leaf_lines(lang: Lang, preset: &Value, path: &str, v: &Value, readings: &[String], out: &mut Vec<String>) {
    let mark = |s: String, p: &str| {
        let marker = format!("({})", tr(lang, "rt.reading"));
        // A preset's own text may say it is a reading already.
        if is_reading(readings, p) && p.contains('.') && !s.ends_with(&marker) {
            format!("{s} {marker}")
        } else {
            s
        }
    };
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                leaf_lines(lang, preset, &format!("{path}.{k}"), x, readings, out);
            }
        }
        Value::Array(a) if a.iter().any(|x| x.is_object() || x.is_array()) => {
            for (i, x) in a.iter().enumerate() {
                let p = format!("{path}[{i}]");
                match band_line(lang, &p, x) {
                    Some(line) => out.push(line),
                    None => leaf_lines(lang, preset, &p, x, readings, out),
                }
            }
        }
        _ => {
            let plain = plain_path(path);
            out.push(mark(format!("{}: {}", field_label_in(lang, preset, path), value_text(lang, &plain, v)), path));
        }
    }
}

/// A 升级 level-table band in one line, as the preset summary reads it.
fn band_line(lang: Lang, path: &str, v: &Value) -> Option<String> {
    if plain_path(path) != "table.bands" {
        return None;
    }
    let b: crate::rules::shengji::Band = crate::json::from_value(v).ok()?;
    Some(super::band_text(lang, &b))
}

fn sorted_keys(o: &serde_json::Map<String, Value>) -> Vec<&String> {
    let mut keys: Vec<&String> = o.keys().filter(|k| !META.contains(&k.as_str())).collect();
    let rank = |k: &str| ORDER.iter().position(|x| *x == k).unwrap_or(ORDER.len());
    crate::sort::sort_by(&mut keys, |a, b| rank(a).cmp(&rank(b)).then_with(|| a.cmp(b)));
    keys
}

/// How `preset` (a preset's serde form) rules offence `kind` when a warning rule of its
/// `rulings.warnings` names it and never costs points (RULES.md §0 **[r2]**, §1.1 南通
/// `signalling`): "不计分, 按警告处理: 第 2 次警告 → 判负 (出局)"; `None` for any other
/// offence (its amount stands).
fn warned_text(lang: Lang, preset: &Value, kind: &str) -> Option<String> {
    let w = preset
        .pointer("/rulings/warnings")?
        .as_array()?
        .iter()
        .find(|w| w.get("rule").and_then(Value::as_str) == Some(kind))?;
    let effect = w.get("effect")?;
    let then = match effect.get("kind")?.as_str()? {
        "game_lost" => tr(lang, "ruling.warning_lost").to_string(),
        "level_penalty" => format!(
            "{} {} {}",
            tr(lang, "ruling.minus"),
            effect.get("levels").and_then(Value::as_u64).unwrap_or(0),
            tr(lang, "ruling.levels_unit")
        ),
        "foul" => tr(lang, "ruling.foul_due").to_string(),
        _ => return None,
    };
    let nth = w.get("nth").and_then(Value::as_u64).unwrap_or(1);
    Some(tr(lang, "rt.by_warnings").replace("{n}", &nth.to_string()).replace("{then}", &then))
}

/// The 规则 tab's rows of `preset` (a preset's serde form), in `lang`: first `rule-source`
/// (its name and document), then one row a part of the preset (a penalty table one row a
/// penalty, the notes one row a note). A row's citation is the most precise the preset
/// gives: a penalty's own `source`, the preset's `cites.<key>` (掼蛋), else its `source`.
pub fn rule_rows(lang: Lang, preset: &Value) -> Vec<RuleRow> {
    let Some(o) = preset.as_object() else { return Vec::new() };
    let readings = readings_of(preset);
    let source = o.get("source").and_then(Value::as_str).unwrap_or_default().to_string();
    let cite_of = |k: &str| {
        o.get("cites")
            .and_then(|c| c.get(k))
            .and_then(Value::as_str)
            .filter(|c| !c.is_empty() && *c != "—")
            .map(str::to_string)
            .unwrap_or_else(|| source.clone())
    };
    let mut out = vec![RuleRow {
        id: "rule-source".into(),
        title: tr(lang, "rt.source").to_string(),
        lines: o
            .get("name")
            .and_then(Value::as_str)
            .map(|n| data_text(lang, n))
            .or_else(|| {
                o.get("id").and_then(Value::as_str).and_then(|id| super::preset_name(lang, id).map(str::to_string))
            })
            .into_iter()
            .collect(),
        cite: source.clone(),
        reading: false,
    }];
    for k in sorted_keys(o) {
        let v = &o[k.as_str()];
        if v.is_null() {
            continue;
        }
        match (k.as_str(), v) {
            ("notes", Value::Array(a)) => {
                for (i, n) in a.iter().enumerate() {
                    let text = n.as_str().map(|s| data_text(lang, s)).unwrap_or_default();
                    out.push(RuleRow {
                        id: format!("rule-notes-{i}"),
                        title: tr(lang, "rt.note").to_string(),
                        reading: text.contains(tr(lang, "rt.reading"))
                            || n.as_str().is_some_and(|s| s.contains("reading")),
                        lines: vec![text],
                        cite: source.clone(),
                    })
                }
            }
            (_, Value::Array(a))
                if !a.is_empty() && a.iter().all(|x| x.get("source").is_some_and(Value::is_string)) =>
            {
                for (i, x) in a.iter().enumerate() {
                    let kind = x.get("kind").and_then(Value::as_str).map(str::to_string);
                    let title = kind
                        .as_deref()
                        .and_then(|kd| super::penalty_kind(lang, kd).map(str::to_string))
                        .or_else(|| x.get("name").and_then(Value::as_str).map(|n| data_text(lang, n)))
                        .unwrap_or_else(|| format!("{} #{}", field_label(lang, k), i + 1));
                    let mut lines = Vec::new();
                    if let Some(obj) = x.as_object() {
                        for (f, y) in obj {
                            if !matches!(f.as_str(), "kind" | "name" | "source") {
                                leaf_lines(lang, preset, &format!("{k}[{i}].{f}"), y, &readings, &mut lines);
                            }
                        }
                    }
                    // An offence the preset rules by warnings that never cost points (南通
                    // signalling, RULES.md §1.1: a warning, then 出局): its amount is no hand's
                    // penalty, so the row says how it is ruled instead.
                    if k == "penalties" {
                        if let Some(w) = kind.as_deref().and_then(|kd| warned_text(lang, preset, kd)) {
                            lines = vec![w];
                        }
                    }
                    let slug = kind.unwrap_or_else(|| i.to_string());
                    out.push(RuleRow {
                        id: format!("rule-{k}-{slug}"),
                        title: format!("{} · {title}", field_label(lang, k)),
                        lines,
                        cite: x["source"].as_str().unwrap_or_default().to_string(),
                        reading: is_reading(&readings, &format!("{k}.{slug}")),
                    })
                }
            }
            _ => {
                let mut lines = Vec::new();
                match v {
                    Value::Object(_) | Value::Array(_)
                        if v.is_object() || v.as_array().is_some_and(|a| a.iter().any(|x| x.is_object())) =>
                    {
                        leaf_lines(lang, preset, k, v, &readings, &mut lines)
                    }
                    _ => lines.push(value_text(lang, k, v)),
                }
                // A reading's note (斗地主, 三打一) says why the value is what it is.
                for (field, note) in reading_notes(preset) {
                    if plain_path(&field).split('.').next() == Some(k.as_str()) {
                        lines.push(format!("{}: {}", tr(lang, "rt.reading"), data_text(lang, &note)));
                    }
                }
                out.push(RuleRow {
                    id: format!("rule-{k}"),
                    title: field_label(lang, k),
                    lines,
                    cite: cite_of(k),
                    reading: is_reading(&readings, k),
                })
            }
        }
    }
    out
}

/// The row a citation shown on the page leads to: the row citing exactly that text (as
/// rendered in `lang`), else one whose citation begins with it or it with the row's, else one
/// of the same document and first section (`000 §一`), else `rule-source`.
pub fn row_for_cite(lang: Lang, rows: &[RuleRow], shown: &str) -> String {
    let shown = shown.trim().trim_matches(|c| c == '[' || c == ']').trim();
    let r = |row: &RuleRow| cite(lang, &row.cite);
    let data = |row: &RuleRow| data_text(lang, &row.cite);
    let eq = rows.iter().find(|row| r(row) == shown || data(row) == shown);
    // Rows citing only the whole document (the preset's source) are reached by the head row.
    let doc_cite = rows.first().map(|row| row.cite.clone()).unwrap_or_default();
    let doc = &doc_cite;
    let precise = || rows.iter().enumerate().filter(move |(i, row)| *i == 0 || row.cite != *doc).map(|(_, row)| row);
    let prefix = || {
        precise().find(|row| {
            let c = r(row);
            !c.is_empty() && (c.starts_with(shown) || shown.starts_with(&c))
        })
    };
    let section = || {
        let head = |s: &str| -> String {
            let mut it = s.split_whitespace();
            let doc = it.next().unwrap_or_default().to_string();
            let sec: String =
                it.next().unwrap_or_default().chars().take_while(|c| !matches!(c, '(' | '（' | '.' | '、')).collect();
            format!("{doc} {sec}")
        };
        let h = head(shown);
        precise().skip(1).find(|row| head(&r(row)) == h)
    };
    eq.or_else(prefix).or_else(section).map(|row| row.id.clone()).unwrap_or_else(|| "rule-source".into())
}

/// The editable fields of `preset` (a preset's serde form): every whole number, yes/no and
/// choice (a text the table names values for) outside the head ([`META`], and the notes and
/// free texts, left to the JSON editor), in the order of the 规则 tab.
pub fn form_fields(preset: &Value) -> Vec<FormField> {
    fn walk(path: String, v: &Value, out: &mut Vec<FormField>) {
        match v {
            Value::Object(o) => {
                for (k, x) in o {
                    walk(format!("{path}.{k}"), x, out)
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(format!("{path}[{i}]"), x, out)
                }
            }
            Value::Bool(b) => out.push(FormField { plain: plain_path(&path), path, kind: FieldKind::Bool(*b) }),
            Value::Number(n) => {
                if let Some(value) = n.as_i64() {
                    out.push(FormField {
                        plain: plain_path(&path),
                        path,
                        kind: FieldKind::Int { value, signed: value < 0 },
                    })
                }
            }
            Value::String(s) => {
                let plain = plain_path(&path);
                // A tag that chooses which other fields exist (`amount.rule`, `effect.kind`)
                // is changed in the JSON editor, with the fields it needs.
                if plain.ends_with(".rule") || plain.ends_with(".kind") {
                    return;
                }
                let options = choices(&plain);
                if options.iter().any(|o| o == s) {
                    out.push(FormField { plain, path, kind: FieldKind::Choice { value: s.clone(), options } })
                }
            }
            Value::Null => {}
        }
    }
    let Some(o) = preset.as_object() else { return Vec::new() };
    let mut out = Vec::new();
    for k in sorted_keys(o) {
        if k != "notes" {
            walk(k.clone(), &o[k.as_str()], &mut out)
        }
    }
    out
}

/// A form field's label in `lang`: [`field_label_in`], after the name of the penalty it
/// belongs to for a field of a penalty-table row ("出错牌 · 分").
pub fn form_label(lang: Lang, preset: &Value, f: &FormField) -> String {
    let label = field_label_in(lang, preset, &f.path);
    let (Some(top), Some(i)) = (f.path.split('[').next(), first_index(&f.path)) else { return label };
    let row = preset.get(top).and_then(|a| a.get(i));
    match row.and_then(|r| r.get("kind")).and_then(Value::as_str) {
        Some(kind) if row.is_some_and(|r| r.get("source").is_some()) => {
            let name = super::penalty_kind(lang, kind).map(str::to_string).unwrap_or_else(|| kind.to_string());
            format!("{name} · {label}")
        }
        _ => label,
    }
}

/// `preset` with the field at `path` (as [`FormField::path`] names it) set to `value`; `None`
/// when the path is not in it.
pub fn set_field(preset: &Value, path: &str, value: Value) -> Option<Value> {
    let mut v = preset.clone();
    let mut at = &mut v;
    for part in path.split('.') {
        let (name, indices) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        at = at.get_mut(name)?;
        for idx in indices.split('[').filter(|s| !s.is_empty()) {
            let i: usize = idx.trim_end_matches(']').parse().ok()?;
            at = at.get_mut(i)?;
        }
    }
    *at = value;
    Some(v)
}

/// Splits `text` into plain runs and citations: a bracketed part (`[…]`, `(…)`, `（…）`,
/// brackets nested inside it kept) that holds a `§`, and a line's opening citation before
/// its `: ` (`004 第一篇 §五: 双下 +3`).
pub fn split_cites(text: &str) -> Vec<(bool, String)> {
    // An engine step that opens with its citation: "004 第一篇 §五: 双下 +3".
    let opens = text.len() > 4 && text.as_bytes()[..3].iter().all(u8::is_ascii_digit) && text.as_bytes()[3] == b' ';
    if let Some((head, rest)) = text.split_once(": ").filter(|(h, _)| opens && h.contains('§')) {
        let mut out = vec![(true, head.to_string())];
        out.extend(split_cites(&format!(": {rest}")));
        return out;
    }
    let mut out = Vec::new();
    let mut plain = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '[' | '(' | '（') {
            let mut depth = 0;
            let mut j = i;
            let mut end = None;
            while j < chars.len() {
                match chars[j] {
                    '[' | '(' | '（' => depth += 1,
                    ']' | ')' | '）' => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(j);
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            if let Some(e) = end {
                let inner: String = chars[i + 1..e].iter().collect();
                if inner.contains('§') {
                    if !plain.is_empty() {
                        out.push((false, std::mem::take(&mut plain)));
                    }
                    out.push((true, chars[i..=e].iter().collect()));
                    i = e + 1;
                    continue;
                }
            }
        }
        plain.push(c);
        i += 1;
    }
    if !plain.is_empty() {
        out.push((false, plain));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin_values() -> Vec<(String, Value)> {
        let mut out: Vec<(String, Value)> = Vec::new();
        fn to<T: serde::Serialize>(p: &T) -> Value {
            serde_json::from_str(&crate::json::to_string(p).unwrap()).unwrap()
        }
        for p in crate::rules::shengji::builtin_presets() {
            out.push((p.id.clone(), to(&p)));
        }
        for p in crate::rules::guandan::builtin_presets() {
            out.push((p.id.clone(), to(&p)));
        }
        for p in crate::rules::doudizhu::builtin_presets() {
            out.push((p.id.clone(), to(&p)));
        }
        for p in crate::rules::sandayi::builtin_presets() {
            out.push((p.id.clone(), to(&p)));
        }
        let rif = crate::rules::renju::Preset::rif();
        out.push((rif.id.clone(), to(&rif)));
        out
    }

    #[test]
    fn every_form_field_and_row_label_reads_in_three_languages() {
        let mut missing = std::collections::BTreeSet::new();
        for (id, v) in builtin_values() {
            let fields = form_fields(&v);
            assert!(!fields.is_empty(), "{id}: no field");
            for f in &fields {
                for l in Lang::ALL {
                    if lookup(l, &format!("pf.{}", f.plain)).is_none() {
                        missing.insert(format!("pf.{} ({l:?})", f.plain));
                    }
                    if let FieldKind::Choice { options, .. } = &f.kind {
                        for o in options {
                            assert!(choice_name(l, &f.plain, o).is_some(), "choice.{}.{o} in {l:?}", f.plain);
                        }
                    }
                }
            }
            // Every row's heading and lines read without a raw field path.
            for l in Lang::ALL {
                for r in rule_rows(l, &v) {
                    for text in std::iter::once(&r.title).chain(&r.lines) {
                        let snake = text.split(|c: char| !(c.is_ascii_lowercase() || c == '_' || c == '.')).any(|w| {
                            w.contains('_')
                                || (w.contains('.') && w.chars().any(|c| c.is_ascii_lowercase()) && w.len() > 3)
                        });
                        if snake {
                            missing.insert(format!("{id} {l:?} {}: {text}", r.id));
                        }
                    }
                    assert!(!r.cite.is_empty(), "{id} {}: no citation", r.id);
                }
            }
        }
        assert!(
            missing.is_empty(),
            "{} missing:\n{}",
            missing.len(),
            missing.into_iter().collect::<Vec<_>>().join("\n")
        );
    }

    #[test]
    fn a_form_edit_is_the_json_edit() {
        let p = crate::rules::shengji::builtin_preset("jiankang-chaodipi").unwrap();
        let v: Value = serde_json::from_str(&crate::json::to_string(&p).unwrap()).unwrap();
        let f = form_fields(&v).into_iter().find(|f| f.path == "penalties[0].amount.points").expect("field");
        assert_eq!(f.kind, FieldKind::Int { value: 10, signed: false });
        let w = set_field(&v, &f.path, Value::from(15)).unwrap();
        let q: crate::rules::shengji::Preset = crate::json::from_value(&w).unwrap();
        let text = crate::json::to_string_pretty(&p).unwrap().replacen("\"points\": 10", "\"points\": 15", 1);
        let r: crate::rules::shengji::Preset = crate::json::from_str(&text).unwrap();
        assert_eq!(q, r);
        assert_eq!(set_field(&v, "table.bands[99].min", Value::from(1)), None);
        let k = form_fields(&v).into_iter().find(|f| f.path == "kitty").expect("kitty");
        assert!(
            matches!(k.kind, FieldKind::Choice { ref value, ref options } if value == "power" && options.len() == 2)
        );
    }

    /// RULES.md §1.4 **[r2]**: the 南通 team match plays all three games (「打满三局」), so its
    /// games row does not read as a best of 3 (多胜一半者胜), on the 规则 tab nor in the
    /// set-up form; a best-of-3 preset (chaodipi-10) still does.
    #[test]
    fn a_team_match_reads_its_games_as_all_played() {
        let value = |id: &str| -> Value {
            let p = crate::rules::shengji::builtin_preset(id).unwrap();
            serde_json::from_str(&crate::json::to_string(&p).unwrap()).unwrap()
        };
        let timing = |v: &Value, l: Lang| rule_rows(l, v).into_iter().find(|r| r.id == "rule-timing").unwrap().lines;
        let nt = value("nantong-80fen");
        let lines = timing(&nt, Lang::ZhCn);
        assert!(lines.iter().any(|x| x.starts_with("局数 (打满") && x.ends_with(": 3")), "{lines:?}");
        assert!(!lines.iter().any(|x| x.contains("多胜一半者胜")), "{lines:?}");
        let f = form_fields(&nt).into_iter().find(|f| f.path == "timing.best_of").unwrap();
        assert!(!form_label(Lang::ZhCn, &nt, &f).contains("多胜一半者胜"));
        assert!(!timing(&nt, Lang::En).iter().any(|x| x.contains("more than half")));
        let ko = value("chaodipi-10");
        assert!(timing(&ko, Lang::ZhCn).iter().any(|x| x.contains("局数 (多胜一半者胜)")));
    }

    /// RULES.md §1.1 `signalling`: 南通 rules it by warnings (the 2nd is 出局), never by points,
    /// so its penalty row says so instead of "裁判决定"; 002 (warning or points) keeps the
    /// referee's points.
    #[test]
    fn an_offence_ruled_by_warnings_reads_so_in_the_penalty_table() {
        let value = |id: &str| -> Value {
            let p = crate::rules::shengji::builtin_preset(id).unwrap();
            serde_json::from_str(&crate::json::to_string(&p).unwrap()).unwrap()
        };
        let row = |v: &Value, l: Lang| {
            rule_rows(l, v).into_iter().find(|r| r.id == "rule-penalties-signalling").expect("signalling row").lines
        };
        let nt = value("nantong-80fen");
        assert_eq!(row(&nt, Lang::ZhCn), ["不计分, 按警告处理: 第 2 次警告 → 判负 (出局)"]);
        assert_eq!(row(&nt, Lang::ZhTw), ["不計分, 按警告處理: 第 2 次警告 → 判負 (出局)"]);
        assert_eq!(row(&nt, Lang::En), ["no points: ruled by warnings, warning no. 2 → game lost (out)"]);
        let other = row(&value("chaodipi-10"), Lang::ZhCn);
        assert!(other.iter().any(|x| x.contains("裁判决定")), "{other:?}");
    }

    #[test]
    fn rows_cite_and_mark_readings() {
        let p = crate::rules::shengji::builtin_preset("jiankang-chaodipi").unwrap();
        let v: Value = serde_json::from_str(&crate::json::to_string(&p).unwrap()).unwrap();
        let rows = rule_rows(Lang::ZhCn, &v);
        assert_eq!(rows[0].id, "rule-source");
        let revoke = rows.iter().find(|r| r.id == "rule-penalties-failed_throw").expect("penalty row");
        assert_eq!(revoke.cite, "000 §一(四)2");
        assert!(rows.iter().find(|r| r.id == "rule-penalties-out_of_turn").unwrap().reading);
        assert!(!revoke.reading);
        assert_eq!(row_for_cite(Lang::En, &rows, "[000 §1(4)2]"), "rule-penalties-failed_throw");
        assert_eq!(row_for_cite(Lang::ZhCn, &rows, "000 §一 炒地皮"), "rule-source");
        assert_eq!(row_for_cite(Lang::ZhCn, &rows, "999 §九"), "rule-source");
    }

    #[test]
    fn simplified_rows_say_reading_in_chinese_once() {
        let values = crate::rules::shengji::builtin_presets()
            .iter()
            .map(|p| crate::json::to_string(p).unwrap())
            .chain(crate::rules::guandan::builtin_presets().iter().map(|p| crate::json::to_string(p).unwrap()))
            .map(|t| serde_json::from_str::<Value>(&t).unwrap())
            .collect::<Vec<_>>();
        let marker = format!("({})", tr(Lang::ZhCn, "rt.reading"));
        for v in &values {
            for r in rule_rows(Lang::ZhCn, v) {
                let cite_line = data_text(Lang::ZhCn, &r.cite);
                for line in r.lines.iter().chain([&cite_line]) {
                    assert!(!line.contains("reading"), "{} {}: {line}", v["id"], r.id);
                    assert!(!line.contains(&format!("{marker} {marker}")), "{} {}: {line}", v["id"], r.id);
                }
            }
        }
    }

    #[test]
    fn citations_are_found_in_a_line() {
        assert_eq!(
            split_cites("出错牌 (对 南北): 10 × 1 = -10 [000 §一(四)3]"),
            vec![(false, "出错牌 (对 南北): 10 × 1 = -10 ".to_string()), (true, "[000 §一(四)3]".to_string())]
        );
        assert_eq!(
            split_cites("Announcing (000 §4(2)8), then"),
            vec![(false, "Announcing ".into()), (true, "(000 §4(2)8)".into()), (false, ", then".into())]
        );
        assert_eq!(
            split_cites("004 第一篇 §五: 双下 +3"),
            vec![(true, "004 第一篇 §五".to_string()), (false, ": 双下 +3".to_string())]
        );
        assert_eq!(split_cites("120 分: 庄家 +2"), vec![(false, "120 分: 庄家 +2".to_string())]);
        assert_eq!(split_cites("（001 三打一 §三）"), vec![(true, "（001 三打一 §三）".to_string())]);
        assert_eq!(split_cites("no (cite) here [x"), vec![(false, "no (cite) here [x".to_string())]);
    }
}
