//! Cuts the keys and the 简体中文 column out of `src/i18n/strings.tsv` into
//! `$OUT_DIR/strings-zh-CN.tsv` (`key<TAB>zh-CN` per row, the table's order), which the
//! browser build compiles in (`i18n::BASE_TSV`); the 繁體中文 and English columns reach the
//! browser as files (`scripts/i18n-build.mjs`). Rows without four columns are left out here
//! (the i18n unit test names them).

use std::{env, fs, path::Path};

fn main() {
    let src = "src/i18n/strings.tsv";
    println!("cargo:rerun-if-changed={src}");
    println!("cargo:rerun-if-changed=build.rs");
    let table = fs::read_to_string(src).expect("src/i18n/strings.tsv");
    let mut out = String::with_capacity(table.len() / 3);
    for line in table.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() == 4 {
            out.push_str(cols[0]);
            out.push('\t');
            out.push_str(cols[1]);
            out.push('\n');
        }
    }
    let dir = env::var("OUT_DIR").expect("OUT_DIR");
    fs::write(Path::new(&dir).join("strings-zh-CN.tsv"), out).expect("write strings-zh-CN.tsv");
}
