//! doudizhu engine (RULES.md) — being written.
