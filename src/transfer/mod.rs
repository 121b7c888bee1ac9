//! Table → desk without files: a match's export document sent as QR codes.
//!
//! The payload is the very JSON document a file export writes
//! ([`crate::tournament::export_bundle`]), compressed with raw DEFLATE ([`pack`]: an export
//! is repetitive JSON, about 5–8× smaller), then cut into fountain-coded parts by BC-UR
//! (Blockchain Commons' Uniform Resources, the `ur` crate): one QR code when the packed
//! document fits in [`SINGLE_MAX`] bytes (`UR:REFEREE/<bytewords>`), otherwise an endless
//! sequence (`UR:REFEREE/<n>-<k>/<bytewords>`) whose first `k` parts are the fragments and
//! whose later ones are XORs of pseudo-randomly chosen fragments, so a receiver can start
//! anywhere, miss frames and still finish after a little more than `k` frames. Every frame
//! is upper case, in the QR alphanumeric set (`0-9A-Z $%*+-./:`), and carries its own
//! CRC-32 (bytewords), so a misread frame is rejected, never merged; the whole message has
//! a CRC-32 too.
//!
//! [`Receiver`] takes frames in any order, ignores duplicates and frames of another
//! transfer, reports its progress and yields the document's text, which the desk then
//! imports exactly as a file ([`crate::tournament::parse_bundle`], then the import's
//! preview and merge). [`qr_matrix`] draws a frame as a QR code (`qrcode` crate) and
//! [`scan_luma`] reads the codes in a camera picture (`rqrr` crate); both are pure Rust.

use crate::record::schema::MAX_IMPORT_BYTES;

/// The UR type of a transfer: a raw-DEFLATE-compressed export document of this app.
pub const UR_TYPE: &str = "referee";

/// A packed document of at most this many bytes is sent as one QR code (at most ~750
/// alphanumeric characters: version 17 or less at error correction M), shown still.
pub const SINGLE_MAX: usize = 360;

/// The largest fragment of the packed document one frame of a sequence carries, in bytes. With the
/// part's CBOR header and the bytewords checksum a frame is at most ~300 alphanumeric
/// characters: a version 10 QR code (57 modules) at error correction M, which a phone
/// camera reads at arm's length.
pub const MAX_FRAGMENT: usize = 120;

/// The document `text` compressed (raw DEFLATE, level 9).
pub fn pack(text: &str) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9)
}

/// Why a transfer could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransferError {
    /// The frames put together do not inflate (or inflate past [`MAX_IMPORT_BYTES`]).
    Corrupt,
    /// The document is not valid UTF-8: the byte offset of the first bad byte.
    NotUtf8(usize),
}

/// The document packed by [`pack`], inflated (at most [`MAX_IMPORT_BYTES`]) and read as
/// UTF-8 with no replacement, as a file import reads a file.
pub fn unpack(bytes: &[u8]) -> Result<String, TransferError> {
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(bytes, MAX_IMPORT_BYTES)
        .map_err(|_| TransferError::Corrupt)?;
    crate::record::schema::import_utf8(raw).map_err(TransferError::NotUtf8)
}

/// The frames of one transfer, produced one after the other ([`Frames::next_frame`]).
pub struct Frames {
    /// The whole document in one frame, when it fits.
    single: Option<String>,
    encoder: Option<ur::Encoder<'static>>,
    count: usize,
}

impl Frames {
    /// The frames of document `text` (an export file's text).
    pub fn new(text: &str) -> Frames {
        let packed = pack(text);
        if packed.len() <= SINGLE_MAX {
            let single = ur::ur::try_encode(&packed, &ur::Type::Custom(UR_TYPE)).ok().map(|s| s.to_ascii_uppercase());
            return Frames { single, encoder: None, count: 1 };
        }
        let encoder = ur::Encoder::new(&packed, MAX_FRAGMENT, UR_TYPE).ok();
        let count = encoder.as_ref().map_or(1, |e| e.fragment_count());
        Frames { single: None, encoder, count }
    }

    /// How many fragments the document is cut into (1: a single code). A receiver needs
    /// at least this many frames, a few more when some are missed.
    pub fn fragment_count(&self) -> usize {
        self.count
    }

    /// The next frame to show (the same one again for a single code): upper-case
    /// alphanumeric text for a QR code.
    pub fn next_frame(&mut self) -> String {
        if let Some(s) = &self.single {
            return s.clone();
        }
        match self.encoder.as_mut().map(|e| e.next_part()) {
            Some(Ok(s)) => s.to_ascii_uppercase(),
            _ => String::new(),
        }
    }
}

/// What a receiver made of one frame ([`Receiver::receive`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Received {
    /// A new part of this transfer, taken.
    Taken,
    /// A part already received (or useless now that the transfer is complete).
    Duplicate,
    /// Not a frame of this app's transfers (another QR code), or of another transfer than
    /// the one under way.
    Foreign,
    /// A frame of this app that does not read (checksum, format): rejected.
    Corrupt,
}

/// The desk's side: collects frames until the document is whole.
#[derive(Default)]
pub struct Receiver {
    decoder: ur::Decoder,
    /// The frames taken (lower case), to tell a duplicate.
    seen: std::collections::HashSet<String>,
    single: Option<Vec<u8>>,
    /// Frames rejected as corrupt so far.
    pub corrupt: usize,
}

impl Receiver {
    /// A receiver with nothing received yet.
    pub fn new() -> Receiver {
        Receiver::default()
    }

    /// Takes one frame (any order; duplicates and foreign frames change nothing).
    pub fn receive(&mut self, frame: &str) -> Received {
        let lower = frame.trim().to_ascii_lowercase();
        let Some(rest) =
            lower.strip_prefix("ur:").and_then(|r| r.strip_prefix(UR_TYPE)).and_then(|r| r.strip_prefix('/'))
        else {
            return Received::Foreign;
        };
        if self.complete() || self.seen.contains(&lower) {
            return Received::Duplicate;
        }
        if !rest.contains('/') {
            return match ur::ur::decode(&lower) {
                Ok((ur::ur::Kind::SinglePart, bytes)) => {
                    self.single = Some(bytes);
                    self.seen.insert(lower);
                    Received::Taken
                }
                _ => self.corrupt(),
            };
        }
        match self.decoder.receive(&lower) {
            Ok(()) => {
                self.seen.insert(lower);
                Received::Taken
            }
            Err(ur::ur::Error::Fountain(ur::fountain::Error::InconsistentPart))
            | Err(ur::ur::Error::UnexpectedType) => Received::Foreign,
            Err(_) => self.corrupt(),
        }
    }

    fn corrupt(&mut self) -> Received {
        self.corrupt += 1;
        Received::Corrupt
    }

    /// Whether the whole document is here.
    pub fn complete(&self) -> bool {
        self.single.is_some() || self.decoder.complete()
    }

    /// `(fragments resolved, fragments in all)`; `(0, 0)` before the first frame.
    pub fn progress(&self) -> (usize, usize) {
        if self.single.is_some() {
            return (1, 1);
        }
        (self.decoder.resolved_fragment_count().unwrap_or(0), self.decoder.fragment_count())
    }

    /// The packed document, once complete.
    pub fn bytes(&self) -> Option<Vec<u8>> {
        if let Some(b) = &self.single {
            return Some(b.clone());
        }
        self.decoder.message().ok().flatten()
    }

    /// The document's text, once complete ([`unpack`]); `None` before.
    pub fn text(&self) -> Option<Result<String, TransferError>> {
        self.bytes().map(|b| unpack(&b))
    }
}

/// Frame `text` as a QR code: `(width in modules, dark modules row by row)`, error
/// correction M (the quiet zone of 4 modules is the drawer's). `None` when it does not fit
/// a QR code (never for a frame of [`Frames`]).
pub fn qr_matrix(text: &str) -> Option<(usize, Vec<bool>)> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M).ok()?;
    Some((code.width(), code.to_colors().into_iter().map(|c| c == qrcode::Color::Dark).collect()))
}

/// The texts of the QR codes found in a grey picture `luma` (`width` × `height`, one byte
/// a pixel, row by row, 0 black), e.g. a camera frame. Codes that do not decode are left out.
pub fn scan_luma(luma: &[u8], width: usize, height: usize) -> Vec<String> {
    if width == 0 || luma.len() < width * height {
        return Vec::new();
    }
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| luma[y * width + x]);
    img.detect_grids().into_iter().filter_map(|g| g.decode().ok().map(|(_, s)| s)).collect()
}

/// The grey picture of RGBA pixels (`rgba.len() / 4` pixels; BT.601 luma).
pub fn luma_of_rgba(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4).map(|p| ((p[0] as u32 * 299 + p[1] as u32 * 587 + p[2] as u32 * 114) / 1000) as u8).collect()
}

#[cfg(test)]
mod tests;
