//! renju engine (RULES.md) — being written.
