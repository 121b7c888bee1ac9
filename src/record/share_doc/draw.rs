//! A [`ShareDoc`] laid out as a long picture: a list of rectangles, lines and text runs in
//! pixels ([`Drawing`]), which the page paints on a canvas (`ui::parts::share`) and a test
//! paints again to compare. Pure: text widths come from a `measure` function — the canvas's
//! `measureText` in the page, [`estimate`] in native tests — and long texts wrap.

use super::{RowKind, ShareDoc};
use serde::Serialize;

/// One thing to paint, in picture pixels (origin top left).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Item {
    /// A filled rectangle.
    Rect {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// CSS colour.
        fill: &'static str,
    },
    /// A straight line `width` px wide.
    Line {
        /// Start.
        x1: f64,
        /// Start.
        y1: f64,
        /// End.
        x2: f64,
        /// End.
        y2: f64,
        /// Line width, px.
        width: f64,
        /// CSS colour.
        color: &'static str,
    },
    /// One line of text, its top at `y` (canvas `textBaseline = "top"`), left-aligned at `x`,
    /// in the generic `sans-serif` font (a CJK font of the system).
    Text {
        /// Left edge.
        x: f64,
        /// Top of the em box.
        y: f64,
        /// Font size, px.
        size: f64,
        /// Bold.
        bold: bool,
        /// CSS colour.
        color: &'static str,
        /// The text (one line, no newline).
        text: String,
    },
}

/// A picture: its size and what is painted on it, in order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Drawing {
    /// Width, px.
    pub width: f64,
    /// Height, px (grows with the rows).
    pub height: f64,
    /// The items, painted in order.
    pub items: Vec<Item>,
}

impl Drawing {
    /// Every text run, in order (what a test compares against the document).
    pub fn texts(&self) -> Vec<&str> {
        self.items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// The picture's width, px: a phone screen's 1080 physical pixels.
pub const WIDTH: f64 = 1080.0;
/// Margin on every side, px.
const MARGIN: f64 = 44.0;
/// Title size, px.
const TITLE: f64 = 46.0;
/// Body text size, px (about 15 CSS px on a 1080 px phone screen seen at full width).
const BODY: f64 = 30.0;
/// Table text size, px.
const CELL: f64 = 28.0;
/// Footer size, px.
const SMALL: f64 = 22.0;
/// Line height as a multiple of the font size.
const LEADING: f64 = 1.3;
/// Horizontal padding of a table cell, px.
const PAD: f64 = 10.0;

const INK: &str = "#111111";
const MUTED: &str = "#555555";
const RULE: &str = "#999999";
const HEAD_BG: &str = "#dbe5f1";
const SECTION_BG: &str = "#eef2f7";
const STRIPE_BG: &str = "#f6f6f6";
const PAPER: &str = "#ffffff";

/// A width estimate of `text` at `size` px in a sans-serif font: CJK and full-width forms one
/// em, Latin capitals 0.7, other characters 0.6 (a little wide, so nothing overflows).
pub fn estimate(text: &str, size: f64, bold: bool) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| {
            if c as u32 >= 0x2E80 {
                1.0
            } else if c == ' ' {
                0.32
            } else if c.is_ascii_uppercase() {
                0.7
            } else {
                0.6
            }
        })
        .sum();
    em * size * if bold { 1.05 } else { 1.0 }
}

/// The pieces a line may break between: each CJK character, each run of other non-space
/// characters, each run of spaces.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let kind = |c: char| {
        if c as u32 >= 0x2E80 {
            0
        } else if c.is_whitespace() {
            1
        } else {
            2
        }
    };
    let mut prev: Option<u8> = None;
    for (i, c) in text.char_indices() {
        let k = kind(c);
        if let Some(p) = prev {
            if p != k || k == 0 {
                out.push(&text[start..i]);
                start = i;
            }
        }
        prev = Some(k);
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// `text` wrapped into lines no wider than `max` px (a piece wider than a line is cut
/// between characters). An empty text is one empty line.
pub fn wrap(text: &str, max: f64, size: f64, bold: bool, measure: &dyn Fn(&str, f64, bool) -> f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for tok in tokens(text) {
        let candidate = format!("{line}{tok}");
        if measure(&candidate, size, bold) <= max || line.is_empty() && measure(tok, size, bold) <= max {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(line.trim_end().to_string());
            line = String::new();
        }
        if tok.trim().is_empty() {
            continue;
        }
        for c in tok.chars() {
            let candidate = format!("{line}{c}");
            if !line.is_empty() && measure(&candidate, size, bold) > max {
                lines.push(std::mem::take(&mut line));
                line.push(c);
            } else {
                line = candidate;
            }
        }
    }
    lines.push(line.trim_end().to_string());
    lines
}

/// Column widths for `natural` widths in `avail` px: every column its natural width when
/// they fit (the rest shared in proportion); else the narrow ones keep theirs and the wide
/// ones share what is left in proportion.
fn columns(natural: &[f64], avail: f64) -> Vec<f64> {
    let sum: f64 = natural.iter().sum();
    if sum <= avail || natural.is_empty() {
        let extra = if natural.is_empty() { 0.0 } else { (avail - sum) / natural.len() as f64 };
        return natural.iter().map(|w| w + extra).collect();
    }
    let mut fixed = vec![false; natural.len()];
    loop {
        let left: f64 = avail - natural.iter().zip(&fixed).filter(|(_, f)| **f).map(|(w, _)| w).sum::<f64>();
        let wide: Vec<usize> = (0..natural.len()).filter(|i| !fixed[*i]).collect();
        let share = left / wide.len().max(1) as f64;
        let newly: Vec<usize> = wide.iter().copied().filter(|i| natural[*i] <= share).collect();
        if newly.is_empty() {
            let wide_sum: f64 = wide.iter().map(|i| natural[*i]).sum();
            return (0..natural.len())
                .map(|i| if fixed[i] { natural[i] } else { natural[i] / wide_sum.max(1.0) * left })
                .collect();
        }
        for i in newly {
            fixed[i] = true;
        }
    }
}

/// Lays `doc` out `width` px wide, measuring text with `measure`.
pub fn layout(doc: &ShareDoc, width: f64, measure: &dyn Fn(&str, f64, bool) -> f64) -> Drawing {
    let mut items = vec![Item::Rect { x: 0.0, y: 0.0, w: width, h: 0.0, fill: PAPER }];
    let inner = width - 2.0 * MARGIN;
    let mut y = MARGIN;
    let text = |items: &mut Vec<Item>, x: f64, y: f64, size: f64, bold: bool, color: &'static str, t: &str| {
        if !t.is_empty() {
            items.push(Item::Text { x, y, size, bold, color, text: t.to_string() });
        }
    };
    // Title.
    for line in wrap(&doc.title, inner, TITLE, true, measure) {
        text(&mut items, MARGIN, y, TITLE, true, INK, &line);
        y += TITLE * LEADING;
    }
    y += BODY * 0.4;
    // Meta rows: labels in a column of their own.
    let label_w = doc.meta.iter().map(|(k, _)| measure(k, BODY, true)).fold(0.0, f64::max).min(inner * 0.35) + BODY;
    for (k, v) in &doc.meta {
        let ks = wrap(k, label_w - BODY, BODY, true, measure);
        let vs = wrap(v, inner - label_w, BODY, false, measure);
        for (i, l) in ks.iter().enumerate() {
            text(&mut items, MARGIN, y + i as f64 * BODY * LEADING, BODY, true, MUTED, l);
        }
        for (i, l) in vs.iter().enumerate() {
            text(&mut items, MARGIN + label_w, y + i as f64 * BODY * LEADING, BODY, false, INK, l);
        }
        y += ks.len().max(vs.len()) as f64 * BODY * LEADING;
    }
    y += BODY * 0.6;
    // The table.
    let n = doc.header.len().max(1);
    let mut natural = vec![0.0f64; n];
    for (i, h) in doc.header.iter().enumerate() {
        natural[i] = natural[i].max(measure(h, CELL, true) + 2.0 * PAD);
    }
    for r in doc.rows.iter().filter(|r| !matches!(r.kind, RowKind::Section | RowKind::Detail)) {
        for (i, c) in r.cells.iter().enumerate().take(n) {
            natural[i] = natural[i].max(measure(c, CELL, r.kind == RowKind::Total) + 2.0 * PAD);
        }
    }
    let cols = columns(&natural, inner);
    let xs: Vec<f64> = cols
        .iter()
        .scan(MARGIN, |x, w| {
            let at = *x;
            *x += w;
            Some(at)
        })
        .collect();
    let row_h = |lines: usize| lines.max(1) as f64 * CELL * LEADING + CELL * 0.5;
    let row = |items: &mut Vec<Item>,
               y: &mut f64,
               cells: &[String],
               bold: bool,
               bg: Option<&'static str>,
               span: bool| {
        let wrapped: Vec<Vec<String>> = if span {
            vec![wrap(cells.first().map(String::as_str).unwrap_or(""), inner - 2.0 * PAD, CELL, bold, measure)]
        } else {
            cells.iter().enumerate().take(n).map(|(i, c)| wrap(c, cols[i] - 2.0 * PAD, CELL, bold, measure)).collect()
        };
        let h = row_h(wrapped.iter().map(Vec::len).max().unwrap_or(1));
        if let Some(fill) = bg {
            items.push(Item::Rect { x: MARGIN, y: *y, w: inner, h, fill });
        }
        for (i, lines) in wrapped.iter().enumerate() {
            for (k, l) in lines.iter().enumerate() {
                text(items, xs[i] + PAD, *y + CELL * 0.25 + k as f64 * CELL * LEADING, CELL, bold, INK, l);
            }
        }
        *y += h;
        items.push(Item::Line { x1: MARGIN, y1: *y, x2: MARGIN + inner, y2: *y, width: 1.0, color: RULE });
    };
    let top = y;
    items.push(Item::Line { x1: MARGIN, y1: y, x2: MARGIN + inner, y2: y, width: 2.0, color: INK });
    row(&mut items, &mut y, &doc.header, true, Some(HEAD_BG), false);
    // A hand's detail line keeps the hand's stripe.
    let mut stripe = None;
    for (i, r) in doc.rows.iter().enumerate() {
        match r.kind {
            RowKind::Section => row(&mut items, &mut y, &r.cells, true, Some(SECTION_BG), true),
            RowKind::Total => row(&mut items, &mut y, &r.cells, true, None, false),
            RowKind::Hand => {
                stripe = (i % 2 == 1).then_some(STRIPE_BG);
                row(&mut items, &mut y, &r.cells, false, stripe, false)
            }
            RowKind::Detail => row(&mut items, &mut y, &r.cells, false, stripe, true),
        }
    }
    items.push(Item::Line { x1: MARGIN, y1: y, x2: MARGIN + inner, y2: y, width: 2.0, color: INK });
    // Column rules, header and hand rows only where cells are (a section spans).
    for x in xs.iter().skip(1) {
        items.push(Item::Line { x1: *x, y1: top, x2: *x, y2: y, width: 1.0, color: RULE });
    }
    y += BODY;
    // Result lines.
    for r in &doc.result {
        for line in wrap(r, inner, BODY, false, measure) {
            text(&mut items, MARGIN, y, BODY, false, INK, &line);
            y += BODY * LEADING;
        }
    }
    y += BODY * 0.6;
    // Signature lines: the label, the name, a rule to sign on.
    for s in &doc.signatures {
        let label = format!("{}:", s.label);
        let lw = measure(&label, BODY, true) + BODY * 0.5;
        text(&mut items, MARGIN, y, BODY, true, MUTED, &label);
        text(&mut items, MARGIN + lw, y, BODY, false, INK, &s.name);
        let base = y + BODY * 1.15;
        items.push(Item::Line { x1: MARGIN + lw, y1: base, x2: MARGIN + inner, y2: base, width: 1.0, color: RULE });
        y += BODY * LEADING * 1.3;
    }
    y += SMALL;
    text(&mut items, MARGIN, y, SMALL, false, MUTED, &doc.footer);
    y += SMALL * LEADING + MARGIN;
    let height = y.ceil();
    if let Some(Item::Rect { h, .. }) = items.first_mut() {
        *h = height;
    }
    Drawing { width, height, items }
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320) of `bytes`.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for b in bytes {
        c ^= u32::from(*b);
        for _ in 0..8 {
            c = if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
        }
    }
    !c
}

/// The keyword of the PNG text chunk that carries the picture's [`Drawing`] as JSON.
pub const PNG_KEYWORD: &str = "referee-drawing";

/// `png` with an uncompressed international text chunk (`iTXt`) `keyword` = `text` (UTF-8)
/// after its header chunk: the picture carries what it shows, in words (a reader of the
/// file, or a test, finds the text runs without OCR). `png` unchanged when it is not a PNG.
pub fn png_with_text(png: &[u8], keyword: &str, text: &str) -> Vec<u8> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    // Signature, then IHDR: length 13, type, data, CRC.
    let after_header = 8 + 4 + 4 + 13 + 4;
    if png.len() < after_header || png[..8] != SIGNATURE || &png[12..16] != b"IHDR" {
        return png.to_vec();
    }
    let mut body = b"iTXt".to_vec();
    body.extend_from_slice(keyword.as_bytes());
    // NUL, not compressed, method 0, no language tag, no translated keyword.
    body.extend_from_slice(&[0, 0, 0, 0, 0]);
    body.extend_from_slice(text.as_bytes());
    let mut out = png[..after_header].to_vec();
    out.extend_from_slice(&((body.len() - 4) as u32).to_be_bytes());
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out.extend_from_slice(&png[after_header..]);
    out
}

#[cfg(test)]
pub(super) fn crc32_for_test(bytes: &[u8]) -> u32 {
    crc32(bytes)
}
