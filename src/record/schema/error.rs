//! The error of every read: [`ImportError`], a field path and the reason.

use super::*;

/// A problem in a document: the field path (`matches[0].entries[3].op.hand.points`) and
/// the reason in plain words. Two errors are equal when their field and reason are: `msg`
/// is how the UI renders the reason, not more of it.
#[derive(Clone, Debug, Serialize, Deserialize)]
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

impl PartialEq for ImportError {
    fn eq(&self, other: &Self) -> bool {
        self.field == other.field && self.reason == other.reason
    }
}

impl Eq for ImportError {}

impl ImportError {
    /// An error on `field` whose reason is the typed `msg` (`reason` is its key and slots).
    pub fn typed(field: impl Into<String>, msg: crate::rules::Msg) -> ImportError {
        ImportError { field: field.into(), reason: msg.to_string(), msg: Some(msg) }
    }
}

impl ImportError {
    /// An error on `field` whose reason is the string table's row `key` with `args`: typed
    /// (`msg`) for the UI to render in its language, and `reason` its English text (the
    /// table's `en` column), so logs, the events' import log and tests read it as before.
    pub fn said(field: impl Into<String>, key: &'static str, args: Vec<(&'static str, crate::rules::Arg)>) -> Self {
        let msg = crate::rules::Msg::new(key, args);
        let reason = crate::i18n::say(crate::i18n::Lang::En, &msg, Default::default());
        ImportError { field: field.into(), reason, msg: Some(msg) }
    }

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

/// `said!(field, key, slot = arg, …)`: [`ImportError::said`] with its slots named as in
/// the template (`key` a string literal of the table, e.g. `imp.missing`).
macro_rules! said {
    ($field:expr, $key:literal $(, $slot:ident = $val:expr)* $(,)?) => {
        $crate::record::ImportError::said($field, $key, vec![$((stringify!($slot), $val)),*])
    };
}
pub(crate) use said;
