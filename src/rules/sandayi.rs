//! sandayi engine (RULES.md) — being written.
