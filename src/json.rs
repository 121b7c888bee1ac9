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
/// (A key given twice in one object keeps its last value, as in any `Value`.)
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    let v: Value = serde_json::from_str(text).map_err(Error::Syntax)?;
    from_value(&v).map_err(Error::Shape)
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
