//! Every typed JSON read and write of the app goes through this module, so that the
//! generic serde code is compiled once.
//!
//! serde compiles a separate copy of every `Deserialize` (`Serialize`) impl for each
//! deserializer (serializer) type it is used with. Typed reads used to go through
//! three (`serde_path_to_error` over a `&Value`, over an owned `Value`, and
//! `serde_json::from_str`), writes through two (serde_json's compact and pretty
//! serializers), and the wasm carried a copy of the whole schema's serde code for each.
//! Here there is one of each:
//!
//! * reads: [`from_value`] — `serde_path_to_error::deserialize` over a `&serde_json::Value`
//!   (errors name the field); [`from_str`] parses the text into a `Value` with
//!   `serde_json::from_str` first;
//! * writes: [`to_string`] and [`to_string_pretty`] — one `serde_json::Serializer` type
//!   whose formatter ([`Format`]) is serde_json's own `CompactFormatter` or
//!   `PrettyFormatter`, chosen at run time. The output is byte for byte what
//!   `serde_json::to_string` / `to_string_pretty` write.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};
use serde_json::Value;
use std::fmt;
use std::io;

/// A typed read that failed: the field path (`table.bands[0].min`) and the reason.
pub type PathError = serde_path_to_error::Error<serde_json::Error>;

/// `v` as a `T`. On error, `e.path()` names the field (`.` for `v` itself).
pub fn from_value<T: DeserializeOwned>(v: &Value) -> Result<T, PathError> {
    serde_path_to_error::deserialize(v)
}

/// Why a text could not be read as a `T`.
#[derive(Debug)]
pub enum Error {
    /// Not JSON: serde_json's error (with line and column).
    Syntax(serde_json::Error),
    /// JSON, but not a `T`: the field path and the reason.
    Shape(PathError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax(e) => write!(f, "{} (line {}, column {})", e, e.line(), e.column()),
            // serde_path_to_error writes `path: reason` (only the reason at the top level).
            Error::Shape(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

/// `text` (JSON) as a `T`: `serde_json::from_str` into a `Value`, then [`from_value`].
/// (A key given twice in one object keeps its last value, as in any `Value`; the app's
/// files are read with `record::schema::read_json`, which refuses them: [`duplicate_key`].)
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    let v: Value = serde_json::from_str(text).map_err(Error::Syntax)?;
    from_value(&v).map_err(Error::Shape)
}

/// The first key given twice in one object of `text`, as (the path of the second one, the
/// key): `("match.entries[0].op.hand.shengji.points", "points")`. `None` when every
/// object's keys differ. `text` must be JSON that serde_json has read (a `Value` keeps the
/// last of two equal keys without a word, so a file's reader asks this first); on other
/// text the answer means nothing.
///
/// One pass over the bytes with an explicit stack (a file may nest as deep as serde_json
/// allows, 128 levels, and this never recurses). Keys are compared as JSON reads them, so
/// `"a"` and `"\u0061"` are the same key; a key with no escape is compared in place,
/// without a copy.
pub fn duplicate_key(text: &str) -> Option<(String, String)> {
    use std::borrow::Cow;
    // Up to this many keys an object's keys are compared one by one; from then on a hash
    // set is built for it (an object of a hundred thousand keys stays linear).
    const SMALL: usize = 16;
    let b = text.as_bytes();
    // The keys of the open objects, outermost first: an object's keys follow its parent's
    // current key, so each frame's last key is the one on the path.
    let mut keys: Vec<Cow<'_, str>> = Vec::new();
    let mut stack: Vec<Frame<'_>> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let start = i + 1;
                let mut escaped = false;
                i = start;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        escaped = true;
                        i += 1;
                    }
                    i += 1;
                }
                let end = i.min(b.len());
                if let Some(Frame::Object { from, set, want_key: want @ true }) = stack.last_mut() {
                    *want = false;
                    let key: Cow<'_, str> = if escaped {
                        Cow::Owned(serde_json::from_str(&text[start - 1..=end]).ok()?)
                    } else {
                        Cow::Borrowed(&text[start..end])
                    };
                    let twice = match set {
                        Some(set) => !set.insert(key.clone()),
                        None => keys[*from..].contains(&key),
                    };
                    if twice {
                        return Some((path_to(&stack, &keys, &key), key.into_owned()));
                    }
                    keys.push(key);
                    if set.is_none() && keys.len() - *from > SMALL {
                        *set = Some(keys[*from..].iter().cloned().collect());
                    }
                }
            }
            b'{' => stack.push(Frame::Object { from: keys.len(), set: None, want_key: true }),
            b'[' => stack.push(Frame::Array { index: 0 }),
            b',' => match stack.last_mut() {
                Some(Frame::Object { want_key, .. }) => *want_key = true,
                Some(Frame::Array { index }) => *index += 1,
                None => {}
            },
            b'}' | b']' => {
                if let Some(Frame::Object { from, .. }) = stack.pop() {
                    keys.truncate(from);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// An open object or array of [`duplicate_key`]'s scan.
enum Frame<'a> {
    /// `from`: where the object's keys start in the scan's list; `set`: its keys once it
    /// has many; `want_key`: the next string is a key.
    Object { from: usize, set: Option<std::collections::HashSet<std::borrow::Cow<'a, str>>>, want_key: bool },
    /// `index`: the element being read.
    Array { index: usize },
}

// The path of `key` in the innermost object: each frame's place, as the errors of
// `from_value` name a field (`entries[3].op`).
fn path_to(stack: &[Frame<'_>], keys: &[std::borrow::Cow<'_, str>], key: &str) -> String {
    let mut out = String::new();
    let starts: Vec<usize> =
        stack.iter().filter_map(|f| if let Frame::Object { from, .. } = f { Some(*from) } else { None }).collect();
    let mut objects = 0;
    for f in &stack[..stack.len() - 1] {
        match f {
            Frame::Object { .. } => {
                objects += 1;
                // This object's current key: the last one before the next object's keys.
                let k = &keys[starts[objects] - 1];
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Frame::Array { index } => out.push_str(&format!("[{index}]")),
        }
    }
    if !out.is_empty() {
        out.push('.');
    }
    out.push_str(key);
    out
}

/// serde_json's compact or pretty formatter, chosen at run time, so that compact and
/// pretty output share one `serde_json::Serializer` type. Every method is serde_json's:
/// the ones `PrettyFormatter` overrides are forwarded to the formatter in use, the others
/// are the trait's defaults, which `CompactFormatter` uses as well.
enum Format<'a> {
    Compact(CompactFormatter),
    Pretty(PrettyFormatter<'a>),
}

macro_rules! forward {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[inline]
        fn $name<W: ?Sized + io::Write>(&mut self, writer: &mut W $(, $arg: $ty)*) -> io::Result<()> {
            match self {
                Format::Compact(f) => f.$name(writer $(, $arg)*),
                Format::Pretty(f) => f.$name(writer $(, $arg)*),
            }
        }
    )*};
}

impl Formatter for Format<'_> {
    forward! {
        begin_array();
        end_array();
        begin_array_value(first: bool);
        end_array_value();
        begin_object();
        end_object();
        begin_object_key(first: bool);
        begin_object_value();
        end_object_value();
    }
}

fn write<T: Serialize + ?Sized>(v: &T, format: Format<'_>) -> Result<String, serde_json::Error> {
    let mut out = Vec::with_capacity(128);
    v.serialize(&mut serde_json::Serializer::with_formatter(&mut out, format))?;
    // serde_json writes UTF-8 only.
    String::from_utf8(out).map_err(<serde_json::Error as serde::ser::Error>::custom)
}

/// `v` as compact JSON: the text `serde_json::to_string` writes.
pub fn to_string<T: Serialize + ?Sized>(v: &T) -> Result<String, serde_json::Error> {
    write(v, Format::Compact(CompactFormatter))
}

/// `v` as pretty JSON: the text `serde_json::to_string_pretty` writes.
pub fn to_string_pretty<T: Serialize + ?Sized>(v: &T) -> Result<String, serde_json::Error> {
    write(v, Format::Pretty(PrettyFormatter::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn same_text_as_serde_json() {
        let v = json!({"b": [1, 2.5, {"x": null, "y": []}], "a": {}, "s": "é\"\n", "n": [[]], "e": [{}]});
        assert_eq!(to_string(&v).unwrap(), serde_json::to_string(&v).unwrap());
        assert_eq!(to_string_pretty(&v).unwrap(), serde_json::to_string_pretty(&v).unwrap());
    }

    #[test]
    fn a_match_writes_as_serde_json_writes_it() {
        let m = crate::record::sample::shengji_sample(1.0);
        assert_eq!(to_string(&m).unwrap(), serde_json::to_string(&m).unwrap());
        assert_eq!(to_string_pretty(&m).unwrap(), serde_json::to_string_pretty(&m).unwrap());
    }

    #[test]
    fn a_key_given_twice_is_named_by_its_path() {
        let dup = |t: &str| duplicate_key(t).map(|(p, k)| format!("{p} {k}"));
        assert_eq!(dup(r#"{"a":1,"b":{"c":[1,{"d":2}]}}"#), None);
        assert_eq!(dup(r#"{"a":1,"a":2}"#).as_deref(), Some("a a"));
        assert_eq!(dup(r#"{"m":{"e":[{},{"op":{"x":1,"x":2}}]}}"#).as_deref(), Some("m.e[1].op.x x"));
        // The same key in two objects, or as a value, is no repeat; keys of a closed object
        // are forgotten.
        assert_eq!(dup(r#"[{"a":1},{"a":2},{"b":"a","a":{"a":"a"}}]"#), None);
        assert_eq!(dup(r#"{"x":{"a":1},"a":2,"y":[{"a":3}]}"#), None);
        // Structure inside strings is text; an escaped key is the key it reads as.
        assert_eq!(dup(r#"{"s":"{\"s\":1, [\"","t":"}"}"#), None);
        assert_eq!(dup(r#"{"p":{"a\"b":1,"a\u0022b":2}}"#).as_deref(), Some(r#"p.a"b a"b"#));
        assert_eq!(dup(r#"{"a":1,"\u0061":2}"#).as_deref(), Some("a a"));
        assert_eq!(dup(r#"{"\\":1,"z":[1,2,{"\\":{"y":1,"y":2}}]}"#).as_deref(), Some(r#"z[2].\.y y"#));
        // A large object (past the one-by-one comparison) and a deep one.
        let many: Vec<String> = (0..100).map(|i| format!("\"k{i}\":{i}")).collect();
        let text = format!("{{{}}}", many.join(","));
        assert_eq!(dup(&text), None);
        assert_eq!(dup(&format!("{{{},\"k42\":0}}", many.join(","))).as_deref(), Some("k42 k42"));
        assert_eq!(dup(&format!("{{{},\"k3\":0}}", many.join(","))).as_deref(), Some("k3 k3"));
        let deep = format!("{}{{\"a\":1,\"a\":2}}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(dup(&deep).map(|d| d.len()), Some("[0]".len() * 100_000 + " a a".len()));
    }

    #[test]
    fn errors_name_the_field() {
        #[derive(serde::Deserialize, Debug)]
        struct T {
            #[allow(dead_code)]
            a: Vec<u32>,
        }
        let e = from_str::<T>(r#"{"a":[1,"x"]}"#).unwrap_err();
        assert_eq!(e.to_string(), r#"a[1]: invalid type: string "x", expected u32"#);
        let e = from_str::<T>(r#"{"a":[1,"#).unwrap_err();
        assert!(matches!(e, Error::Syntax(_)), "{e}");
        assert!(e.to_string().ends_with("(line 1, column 8)"), "{e}");
    }
}
