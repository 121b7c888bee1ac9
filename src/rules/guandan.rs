//! guandan engine (RULES.md) — being written.
