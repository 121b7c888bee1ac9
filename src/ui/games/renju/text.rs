//! 五子棋 text: stone marks, line directions and the shapes behind a verdict.

use super::*;

pub(super) fn dir_name(lang: Lang, d: Direction) -> &'static str {
    crate::i18n::tr(
        lang,
        match d {
            Direction::Horizontal => "rj.d.horizontal",
            Direction::Vertical => "rj.d.vertical",
            Direction::Diagonal => "rj.d.diagonal",
            Direction::AntiDiagonal => "rj.d.anti_diagonal",
        },
    )
}

pub(super) fn stone_mark(c: Stone) -> &'static str {
    if c == Stone::Black {
        "●"
    } else {
        "○"
    }
}

/// The shapes behind a verdict as lines of text: "活三 · 横: g8 h8 i8".
pub(super) fn shape_lines(lang: Lang, j: &Judgement) -> Vec<String> {
    let kinds = shapes_behind(j.verdict);
    j.shapes
        .iter()
        .filter(|s| kinds.contains(&s.kind))
        .map(|s| {
            let stones = s.stones.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ");
            let mut line = format!("{} · {}: {stones}", shape_name(lang, s.kind), dir_name(lang, s.direction));
            if !s.forbidden_points.is_empty() {
                let fp = s.forbidden_points.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ");
                line.push_str(&format!(" ({} {fp})", t("rj.forbidden_points_of")));
            }
            line
        })
        .collect()
}
