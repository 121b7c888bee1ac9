//! User-given names (teams, players, titles, events, entrants) made safe to show inside
//! the app's own texts, whatever script they are in.
//!
//! The page is left to right. A name in a right-to-left script (قەشقەر, a Uyghur team at a
//! Chinese tournament) placed in a line such as "قەشقەر 2 : 4 蓝队" pulls the numbers next
//! to it into its own run, and the line reads "4 : 2 قەشقەر 蓝队"; a typed or pasted
//! U+202E (RIGHT-TO-LEFT OVERRIDE) mirrors the whole rest of the line. For display, a name
//! loses its bidi controls and, when it has a right-to-left character or had a control,
//! is wrapped in U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, so that it
//! is laid out on its own and counts as one neutral character for the text around it.
//!
//! A name with neither (Han, Latin, digits, punctuation) is returned unchanged: with every
//! right-to-left character of a line inside an isolate, the line has no right-to-left
//! character of its own, so such a name — even one of digits or punctuation only, next to
//! an isolated neighbour — is laid out exactly as before, left to right. The app's own
//! strings are Chinese or English. Stored data keeps the name as entered: this is for
//! display only, never for file names or exported JSON.

use std::borrow::Cow;

/// FIRST STRONG ISOLATE: the isolate takes the direction of its first strong character.
pub const FSI: char = '\u{2068}';
/// POP DIRECTIONAL ISOLATE: ends the isolate.
pub const PDI: char = '\u{2069}';

/// Whether `c` is a bidi formatting character: LRM, RLM, ALM, the embeddings and overrides
/// (LRE, RLE, PDF, LRO, RLO) and the isolates (LRI, RLI, FSI, PDI).
pub fn is_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` lies in a block of right-to-left scripts (Hebrew, Arabic with Uyghur and
/// Persian, Syriac, Thaana, N'Ko, Samaritan, Mandaic, their presentation forms, and the
/// historic and African right-to-left scripts of the supplementary planes). These blocks
/// also hold Arabic digits and some neutral marks, which act on the text around them too;
/// counting a whole block errs towards isolating, which costs nothing.
fn is_rtl(c: char) -> bool {
    matches!(c,
        '\u{0590}'..='\u{08FF}'
        | '\u{FB1D}'..='\u{FDFF}'
        | '\u{FE70}'..='\u{FEFE}'
        | '\u{10800}'..='\u{10FFF}'
        | '\u{1E800}'..='\u{1EFFF}')
}

/// `name` without its bidi controls ([`is_control`]).
pub fn strip(name: &str) -> Cow<'_, str> {
    if name.chars().any(is_control) {
        Cow::Owned(name.chars().filter(|c| !is_control(*c)).collect())
    } else {
        Cow::Borrowed(name)
    }
}

/// `name` ready to be put into a line of text: unchanged when it has no right-to-left
/// character and no bidi control, else without its controls and between FSI and PDI.
pub fn isolate(name: &str) -> Cow<'_, str> {
    if !name.chars().any(|c| is_control(c) || is_rtl(c)) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 6);
    out.push(FSI);
    out.extend(name.chars().filter(|c| !is_control(*c)));
    out.push(PDI);
    Cow::Owned(out)
}

/// [`isolate`] as an owned string, for the many helpers that return one.
pub fn isolated(name: &str) -> String {
    isolate(name).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_right_to_left_name_is_isolated() {
        assert_eq!(isolate("قەشقەر"), "\u{2068}قەشقەر\u{2069}");
        assert_eq!(isolate("שלום team"), "\u{2068}שלום team\u{2069}");
        // Arabic-Indic digits act on their neighbours too.
        assert_eq!(isolate("٣"), "\u{2068}٣\u{2069}");
        // The reported line: the levels stay beside their own team.
        let line = format!("{} {} : {} {}", isolate("قەشقەر"), 2, 4, isolate("蓝队"));
        assert_eq!(line, "\u{2068}قەشقەر\u{2069} 2 : 4 蓝队");
    }

    #[test]
    fn bidi_controls_are_removed_and_the_name_isolated() {
        assert_eq!(isolate("红\u{202E}队"), "\u{2068}红队\u{2069}");
        assert_eq!(isolate("\u{202E}蓝队"), "\u{2068}蓝队\u{2069}");
        let every = "\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}";
        assert_eq!(isolate(&format!("a{every}b")), "\u{2068}ab\u{2069}");
        // A stray PDI in a name cannot close the isolate around it early.
        let s = isolated("x\u{2069}\u{202E}y");
        assert_eq!(s.chars().filter(|c| is_control(*c)).collect::<String>(), "\u{2068}\u{2069}");
        assert_eq!(isolate("قەشقەر\u{202E}"), "\u{2068}قەشقەر\u{2069}");
    }

    #[test]
    fn han_latin_and_neutral_names_are_unchanged() {
        for n in ["红队", "蓝队", "Team 1", "甲", "", "123", "--", "🀄 健康杯 2026"] {
            assert!(matches!(isolate(n), Cow::Borrowed(_)), "{n}");
            assert_eq!(isolate(n), n);
        }
    }

    #[test]
    fn isolating_twice_is_isolating_once() {
        // A name a helper isolated may pass through another helper that isolates it.
        for n in ["قەشقەر", "红\u{202E}队", "红队", "a \u{2069}b"] {
            assert_eq!(isolate(&isolated(n)), isolate(n), "{n}");
        }
    }

    #[test]
    fn strip_removes_only_controls() {
        assert_eq!(strip("قە\u{202E}شقەر"), "قەشقەر");
        assert!(matches!(strip("红队"), Cow::Borrowed(_)));
    }
}
