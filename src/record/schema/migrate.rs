//! The migration hook: one step per schema version ([`MIGRATIONS`]), applied by [`migrate`].

use super::*;

/// One migration step: upgrades a document of version `from` to `from + 1`.
pub type Migration = fn(Value) -> Result<Value, ImportError>;

/// The migrations of this build, index `i` upgrading version `i` to `i + 1`. Version 1 is
/// the first released schema.
pub const MIGRATIONS: &[Option<Migration>] = &[None, Some(v1_to_v2), Some(v2_to_v3)];

/// 1 → 2: a version-1 match or export reads as it is (version 2 only adds the [`Tail`]
/// key beside a stored match; a version-1 stored match is a match with no tail).
fn v1_to_v2(doc: Value) -> Result<Value, ImportError> {
    Ok(doc)
}

/// 2 → 3: a version-2 document reads as it is. Version 3 adds [`crate::record::Entry::after`] (the
/// entry a hand follows, so that an import can tell a fork from two successive hands); the
/// entries of a version-2 document name none and are merged as before. Their predecessors
/// are not filled in from the log order: two devices could fill in different ones for the
/// same entry and then disagree about it on every sync.
fn v2_to_v3(doc: Value) -> Result<Value, ImportError> {
    Ok(doc)
}

/// Brings `doc` to [`SCHEMA_VERSION`] with [`MIGRATIONS`]; refuses a newer version.
pub fn migrate(doc: Value) -> Result<Value, ImportError> {
    migrate_with(doc, SCHEMA_VERSION, MIGRATIONS)
}

/// The migration hook: applies `steps[v]` for each version `v` from the document's up to
/// `current`. Errors: no or bad `schema_version`, a version newer than `current`
/// ("update the app"), or a version with no migration.
pub fn migrate_with(mut doc: Value, current: u32, steps: &[Option<Migration>]) -> Result<Value, ImportError> {
    let v = doc
        .get("schema_version")
        .ok_or_else(|| said!("schema_version", "imp.no_version"))?
        .as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| said!("schema_version", "imp.bad_version"))?;
    if v > current {
        return Err(said!("schema_version", "imp.newer", v = Arg::Num(v as i64), current = Arg::Num(current as i64)));
    }
    let mut ver = v;
    while ver < current {
        let step = steps
            .get(ver as usize)
            .copied()
            .flatten()
            .ok_or_else(|| said!("schema_version", "imp.no_migration", v = Arg::Num(ver as i64)))?;
        doc = step(doc)?;
        ver += 1;
        if let Some(o) = doc.as_object_mut() {
            o.insert("schema_version".into(), Value::from(ver));
        }
    }
    Ok(doc)
}
