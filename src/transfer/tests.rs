use super::*;
use crate::record::sample;
use crate::record::schema;
use crate::tournament::{export_bundle, parse_bundle};

/// A seeded xorshift, for shuffles and drops that are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The sample match's export, as a match page's 导出本场 writes it.
fn export_text() -> String {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    export_bundle(&[m], &[], 1_700_000_100_000.0)
}

/// The desk's matches before the import: the same match with its first 4 entries only
/// (an earlier import), and another match.
fn desk() -> Vec<crate::record::Match> {
    let mut early = sample::shengji_sample(1_700_000_000_000.0);
    early.entries.truncate(4);
    vec![early, sample::blank_shengji("other", "jiankang-chaodipi", 1_700_000_000_000.0)]
}

/// The import of `text` merged into [`desk`] as the home page's import does it.
fn merged(text: &str) -> (Vec<crate::record::Match>, schema::MergeReport) {
    let bundle = parse_bundle(text).expect("the document reads");
    schema::merge(&desk(), &bundle.matches).expect("the merge validates")
}

#[test]
fn shuffled_frames_with_30_percent_dropped_give_the_file_and_its_merge() {
    let text = export_text();
    let mut frames = Frames::new(&text);
    let k = frames.fragment_count();
    assert!(k > 3, "the sample needs a sequence: {k} fragment(s)");
    eprintln!("export {} bytes, packed {} bytes, {k} frames", text.len(), pack(&text).len());
    // Three rounds of the sequence as the table shows it, 30% dropped, in shuffled order.
    let mut rng = Rng(0x5eed_2026);
    let mut seen: Vec<String> = (0..3 * k).map(|_| frames.next_frame()).filter(|_| rng.next() % 10 >= 3).collect();
    for i in (1..seen.len()).rev() {
        seen.swap(i, (rng.next() % (i as u64 + 1)) as usize);
    }
    let mut rx = Receiver::new();
    let mut used = 0;
    for f in &seen {
        assert!(f.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_uppercase() || b" $%*+-./:".contains(&b)), "{f}");
        rx.receive(f);
        used += 1;
        if rx.complete() {
            break;
        }
    }
    assert!(rx.complete(), "not complete after {} frames: {:?}", seen.len(), rx.progress());
    assert_eq!(rx.progress(), (k, k));
    eprintln!("complete after {used} of {} frames received", seen.len());
    // The same bytes, and so the same merge as importing the file.
    let got = rx.text().expect("complete").expect("reads");
    assert_eq!(got, text);
    let (by_qr, report_qr) = merged(&got);
    let (by_file, report_file) = merged(&text);
    assert_eq!(by_qr, by_file);
    assert_eq!(report_qr, report_file);
    assert_eq!(by_qr.len(), 1, "the match is extended");
    assert_eq!(by_qr[0].entries, sample::shengji_sample(1_700_000_000_000.0).entries);
    // A frame seen again changes nothing; after completion every frame is a duplicate.
    assert_eq!(rx.receive(&seen[0]), Received::Duplicate);
}

#[test]
fn duplicates_and_foreign_frames_are_ignored() {
    let mut frames = Frames::new(&export_text());
    let first = frames.next_frame();
    let mut rx = Receiver::new();
    assert_eq!(rx.receive("https://example.org/not-ours"), Received::Foreign);
    assert_eq!(rx.receive("UR:BYTES/1-3/LPADAXCFAXHDCLAOWZ"), Received::Foreign);
    assert_eq!(rx.progress(), (0, 0));
    assert_eq!(rx.receive(&first), Received::Taken);
    assert_eq!(rx.receive(&first), Received::Duplicate);
    // A frame of another transfer (another match) is not mixed into this one.
    let mut other = sample::shengji_sample(1_700_000_000_000.0);
    other.id = "another".into();
    other.title = "另一场".into();
    let mut theirs = Frames::new(&export_bundle(&[other], &[], 1.0));
    assert_eq!(rx.receive(&theirs.next_frame()), Received::Foreign);
    assert_eq!(rx.corrupt, 0);
}

#[test]
fn a_small_document_is_one_code() {
    // Any match's export carries its preset (a blank match is ~7 KB, ~1.4 KB packed: a
    // sequence); a document that packs small is sent as one code shown still.
    let text = r#"{"app":"referee","kind":"note","text":"第3桌 · 绿队 vs 黄队"}"#;
    let mut frames = Frames::new(text);
    assert!(pack(text).len() <= SINGLE_MAX);
    assert_eq!(frames.fragment_count(), 1);
    let f = frames.next_frame();
    assert_eq!(f, frames.next_frame(), "a single code stays still");
    assert!(f.starts_with("UR:REFEREE/") && f[11..].bytes().all(|b| b.is_ascii_uppercase()), "{f}");
    let mut rx = Receiver::new();
    assert_eq!(rx.receive(&f), Received::Taken);
    assert!(rx.complete());
    assert_eq!(rx.progress(), (1, 1));
    assert_eq!(rx.text(), Some(Ok(text.to_string())));
    assert_eq!(rx.receive(&f), Received::Duplicate);
    let (w, _) = qr_matrix(&f).expect("one QR code");
    assert!(w <= 85, "version 17 or less: {w}");
}

#[test]
fn a_corrupt_frame_is_rejected() {
    let mut frames = Frames::new(&export_text());
    let good = frames.next_frame();
    // One letter of the payload changed (a misread module).
    let mut bad = good.clone().into_bytes();
    let at = bad.len() - 10;
    bad[at] = if bad[at] == b'A' { b'E' } else { b'A' };
    let bad = String::from_utf8(bad).unwrap();
    let mut rx = Receiver::new();
    assert_eq!(rx.receive(&bad), Received::Corrupt);
    assert_eq!(rx.corrupt, 1);
    assert_eq!(rx.progress(), (0, 0), "nothing of it was taken");
    // Cut short, or with a bad sequence number.
    assert_eq!(rx.receive(&good[..good.len() - 3]), Received::Corrupt);
    assert_eq!(rx.receive(&good.replacen("/1-", "/0-", 1)), Received::Corrupt);
    assert_eq!(rx.receive(&good), Received::Taken);
    // A whole message that does not inflate is refused, not imported.
    assert_eq!(unpack(b"not deflate at all"), Err(TransferError::Corrupt));
}

#[test]
fn a_frame_drawn_as_a_qr_code_reads_back() {
    let mut frames = Frames::new(&export_text());
    let f = frames.next_frame();
    let (w, dark) = qr_matrix(&f).expect("fits a QR code");
    eprintln!("frame of {} characters: {w} modules", f.len());
    assert!(w <= 57, "version 10 or less");
    // Drawn 4 px a module with a quiet zone of 4 modules, as the table's canvas is.
    let (scale, quiet) = (4, 4);
    let side = (w + 2 * quiet) * scale;
    let luma: Vec<u8> = (0..side * side)
        .map(|i| {
            let (x, y) = ((i % side) / scale, (i / side) / scale);
            let on = x >= quiet && y >= quiet && x < w + quiet && y < w + quiet && dark[(y - quiet) * w + x - quiet];
            if on {
                0
            } else {
                255
            }
        })
        .collect();
    assert_eq!(scan_luma(&luma, side, side), vec![f]);
    assert_eq!(luma_of_rgba(&[255, 255, 255, 255, 0, 0, 0, 255]), vec![255, 0]);
}
