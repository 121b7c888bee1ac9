//! The match log.
