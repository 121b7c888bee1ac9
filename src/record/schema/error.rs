//! The error of every read: [`ImportError`], a field path and the reason.

use super::*;

/// A problem in a document: the field path (`matches[0].entries[3].op.hand.points`) and
/// the reason in plain words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportError {
    /// Where.
    pub field: String,
    /// What is wrong.
    pub reason: String,
    /// The same reason typed, when an engine or the record gives one: the UI renders it in
    /// its language instead of `reason` (not serialized).
    #[serde(skip)]
    pub msg: Option<crate::rules::Msg>,
}

impl ImportError {
    /// An error on `field` whose reason is the typed `msg` (`reason` is its key and slots).
    pub fn typed(field: impl Into<String>, msg: crate::rules::Msg) -> ImportError {
        ImportError { field: field.into(), reason: msg.to_string(), msg: Some(msg) }
    }
}

impl ImportError {
    /// The field relative to the hand of an entry (`bids[1]` of `op.hand.doudizhu.bids[1]`);
    /// the whole path for any other field.
    pub fn field_in_hand(&self) -> &str {
        self.field
            .strip_prefix("op.hand.")
            .and_then(|rest| rest.split_once('.').map(|(_game, f)| f))
            .unwrap_or(&self.field)
    }
}

impl From<crate::rules::shengji::InputError> for ImportError {
    fn from(e: crate::rules::shengji::InputError) -> ImportError {
        ImportError { field: e.field, reason: e.reason, msg: e.msg }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.reason)
        } else {
            write!(f, "{}: {}", self.field, self.reason)
        }
    }
}

impl std::error::Error for ImportError {}

pub(super) fn ie(field: impl Into<String>, reason: impl Into<String>) -> ImportError {
    ImportError { field: field.into(), reason: reason.into(), msg: None }
}
