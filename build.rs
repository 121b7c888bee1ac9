//! Cuts the keys and the 简体中文 column out of `src/i18n/strings.tsv` (`key<TAB>zh-CN` per
//! row, the table's order) into `$OUT_DIR/strings-zh-CN.tsv` (every row: the debug and
//! native builds compile it in as `i18n::BASE_TSV`) and `$OUT_DIR/strings-zh-CN-start.tsv`
//! (the rows of `src/i18n/start-keys.txt`: what a release build for the browser compiles in;
//! its other rows, and the 繁體中文 and English columns, reach the browser as files written by
//! `scripts/i18n-build.mjs`; `$OUT_DIR/strings-zh-CN-rest-rows.txt` holds how many rows the
//! 简体中文 file has, so that the app can tell a whole file from a cut or foreign one). Rows
//! without four columns are left out here (the i18n unit test names them).

use std::{env, fs, path::Path};

fn main() {
    let src = "src/i18n/strings.tsv";
    let start_src = "src/i18n/start-keys.txt";
    println!("cargo:rerun-if-changed={src}");
    println!("cargo:rerun-if-changed={start_src}");
    println!("cargo:rerun-if-changed=build.rs");
    let table = fs::read_to_string(src).expect("src/i18n/strings.tsv");
    let start_list = fs::read_to_string(start_src).expect("src/i18n/start-keys.txt");
    // The rule of `i18n::is_start_key`: a line ending in `.` is a prefix, another one key.
    let start: Vec<&str> = start_list.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let is_start = |k: &str| start.iter().any(|s| if s.ends_with('.') { k.starts_with(s) } else { k == *s });
    let mut out = String::with_capacity(table.len() / 3);
    let mut start_out = String::new();
    let mut rest_rows = 0usize;
    for line in table.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() == 4 {
            let row = format!("{}\t{}\n", cols[0], cols[1]);
            if is_start(cols[0]) {
                start_out.push_str(&row);
            } else {
                rest_rows += 1;
            }
            out.push_str(&row);
        }
    }
    let dir = env::var("OUT_DIR").expect("OUT_DIR");
    fs::write(Path::new(&dir).join("strings-zh-CN.tsv"), out).expect("write strings-zh-CN.tsv");
    fs::write(Path::new(&dir).join("strings-zh-CN-start.tsv"), start_out).expect("write strings-zh-CN-start.tsv");
    fs::write(Path::new(&dir).join("strings-zh-CN-rest-rows.txt"), rest_rows.to_string())
        .expect("write strings-zh-CN-rest-rows.txt");
}
